import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { CameraIcon, CloseIcon, StarIcon } from '../../../components/icons';
import { ListingPhoto } from '../../../components/ListingPhoto';
import { toast } from '../../../stores/toast';
import { addPhotos, LISTING_LIMITS, movePhoto, removePhoto, screenFiles, setCover, skippedDescription, type PhotoList, type SkippedFile } from '@app/shared';
import { failureReason, UploadError, type UploadStrategy } from './uploader';

interface UploadRow {
  key: string;
  name: string;
  progress: number;
}

interface PhotoUploaderProps {
  /** Prefix of the element ids: the file input is `${inputId}-file` (the error summary links to it). */
  inputId?: string;
  value: PhotoList;
  /** Receives a function of the latest list: uploads finish after other edits may have happened. */
  onChange: (update: (current: PhotoList) => PhotoList) => void;
  upload: UploadStrategy;
  onUploadingChange: (uploading: boolean) => void;
  error?: string;
}

const INSTRUCTIONS = {
  draggable: 'To move a photo, press Space. Use the arrow keys to move it, Space again to drop it here, or Escape to cancel.',
};

/** Screen reader messages that name photos by position instead of by URL. */
function announcements(images: readonly string[]): Announcements {
  const position = (id: UniqueIdentifier | undefined) => images.indexOf(String(id)) + 1;
  return {
    onDragStart: ({ active }) => `Picked up photo ${position(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `Photo ${position(active.id)} is over position ${position(over.id)}.` : `Photo ${position(active.id)} is not over a position.`),
    onDragEnd: ({ active, over }) => (over ? `Photo ${position(active.id)} dropped at position ${position(over.id)}.` : `Photo ${position(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving photo ${position(active.id)} was cancelled.`,
  };
}

const OVER_LIMIT = `the listing already has ${LISTING_LIMITS.maxImages} photos`;

function SortablePhoto({
  url,
  index,
  count,
  isCover,
  disabled,
  onCover,
  onRemove,
}: {
  url: string;
  index: number;
  count: number;
  isCover: boolean;
  disabled: boolean;
  onCover: () => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: url, disabled });
  return (
    <li
      ref={setNodeRef}
      className={`photo-tile${isCover ? ' is-cover' : ''}${isDragging ? ' is-dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="photo-drag"
        aria-label={`Photo ${index + 1} of ${count}${isCover ? ' (cover)' : ''}: press Space to pick up and the arrow keys to move`}
        {...attributes}
        {...listeners}
      >
        <ListingPhoto url={url} sizes="160px" alt="" width={320} height={240} loading="lazy" draggable={false} />
      </button>
      {isCover ? <span className="photo-cover-badge">Cover</span> : null}
      <button
        type="button"
        className="photo-action photo-star"
        aria-pressed={isCover}
        aria-label={isCover ? `Photo ${index + 1} is the cover photo` : `Make photo ${index + 1} the cover photo`}
        onClick={onCover}
        disabled={disabled}
      >
        <StarIcon size={16} />
      </button>
      <button type="button" className="photo-action photo-remove" aria-label={`Remove photo ${index + 1}`} onClick={onRemove} disabled={disabled}>
        <CloseIcon size={16} />
      </button>
    </li>
  );
}

/**
 * The Photos section: choose several images at once; each is checked (image, at most 10 MB), only the free
 * slots of the 10 are uploaded, in parallel, each with its progress bar. Photos reorder by drag or keyboard
 * (the cover stays on its photo), a star picks the cover, removing one shifts the cover index.
 */
export function PhotoUploader({ value, onChange, upload, onUploadingChange, error, inputId }: PhotoUploaderProps) {
  const [uploads, setUploads] = useState<UploadRow[]>([]);
  const [permissionIssue, setPermissionIssue] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const ownId = useId();
  const id = inputId ?? ownId;
  const uploading = uploads.length > 0;
  const full = value.images.length >= LISTING_LIMITS.maxImages;

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onChange((current) => movePhoto(current, current.images.indexOf(String(active.id)), current.images.indexOf(String(over.id))));
  };

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    const { accepted, invalid, overLimit } = screenFiles(files, value.images.length);
    const skipped: SkippedFile[] = [...invalid, ...overLimit.map((f) => ({ name: f.name, reason: OVER_LIMIT }))];
    if (skipped.length > 0) toast({ title: 'Invalid files', description: skippedDescription(skipped), variant: 'destructive' });
    if (accepted.length === 0) return;

    const stamp = Date.now();
    const rows = accepted.map((file, i) => ({ key: `${stamp}-${i}`, name: file.name, progress: 0 }));
    setUploads(rows);
    setPermissionIssue(false);
    onUploadingChange(true);
    const setProgress = (key: string, progress: number) =>
      setUploads((list) => list.map((row) => (row.key === key ? { ...row, progress } : row)));

    const results = await Promise.allSettled(accepted.map((file, i) => upload(file, (p) => setProgress(rows[i]!.key, p))));
    const urls: string[] = [];
    const failures: string[] = [];
    results.forEach((result, i) => {
      if (result.status === 'fulfilled') urls.push(result.value);
      else {
        failures.push(`${accepted[i]!.name}: ${failureReason(result.reason)}`);
        if (result.reason instanceof UploadError && result.reason.kind === 'permission') setPermissionIssue(true);
      }
    });
    if (urls.length > 0) onChange((current) => addPhotos(current, urls));
    setUploads([]);
    onUploadingChange(false);

    if (failures.length > 0) {
      const done = urls.length > 0 ? `Uploaded ${urls.length} image(s) successfully. ` : '';
      toast({ title: 'Upload Error', description: `${done}Failed: ${failures.join('; ')}`, variant: 'destructive' });
    } else {
      toast({ title: 'Success', description: `Uploaded ${urls.length} image(s) successfully`, variant: 'success' });
    }
  };

  return (
    <div className="photo-uploader">
      <div className={`photo-drop${uploading || full ? ' is-disabled' : ''}`}>
        <CameraIcon size={28} />
        <label htmlFor={`${id}-file`} className="btn btn-outline">
          Choose photos
        </label>
        <input
          ref={input}
          id={`${id}-file`}
          className="visually-hidden"
          type="file"
          accept="image/*"
          multiple
          disabled={uploading || full}
          onChange={(e) => void onFiles(e)}
          aria-describedby={`${id}-hint`}
        />
        <p id={`${id}-hint`} className="field-hint">
          {value.images.length} of {LISTING_LIMITS.maxImages} photos · images up to 10 MB each · drag to reorder, star to choose the cover
        </p>
      </div>

      {permissionIssue ? (
        <div className="upload-issue" role="alert">
          <strong>Upload Issue</strong>
          <p>
            Your browser could not read one or more of the chosen files. Try choosing them again from a different folder (for
            example Pictures or Downloads), or use a different browser.
          </p>
        </div>
      ) : null}

      {uploads.length > 0 ? (
        <ul className="upload-progress" aria-label="Uploads in progress">
          {uploads.map((row) => (
            <li key={row.key}>
              <span className="upload-name">{row.name}</span>
              <progress max={100} value={Math.round(row.progress * 100)} aria-label={`Uploading ${row.name}`} />
              <span className="upload-percent">{Math.round(row.progress * 100)}%</span>
            </li>
          ))}
        </ul>
      ) : null}

      {value.images.length > 0 ? (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements: announcements(value.images), screenReaderInstructions: INSTRUCTIONS }}>
          <SortableContext items={value.images} strategy={rectSortingStrategy}>
            <ol className="photo-grid" aria-label="Listing photos">
              {value.images.map((url, index) => (
                <SortablePhoto
                  key={url}
                  url={url}
                  index={index}
                  count={value.images.length}
                  isCover={index === value.coverPhotoIndex}
                  disabled={uploading}
                  onCover={() => onChange((current) => setCover(current, index))}
                  onRemove={() => onChange((current) => removePhoto(current, index))}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      ) : null}
      {error ? (
        <span className="field-error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
