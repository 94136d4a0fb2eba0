import { useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { App, Button, Flex, Tag, Tooltip, Typography } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined, StarFilled, StarOutlined, UploadOutlined } from '@ant-design/icons';
import { addPhotos, thumbnailImageUrl, freeSlots, LISTING_LIMITS, movePhoto, removePhoto, screenFiles, setCover, skippedDescription, type PhotoList } from '@app/shared';
import { useApi } from '../api/queries';
import { TEXT } from '../lib/texts';

interface ImagesEditorProps {
  value: PhotoList;
  onChange: (next: PhotoList) => void;
  uploading: boolean;
  onUploadingChange: (uploading: boolean) => void;
}

/**
 * The modal's Images tab: upload (several files in parallel), drag or arrow reordering that keeps the
 * cover on its photo, a star to set the cover, and removal that shifts or resets the cover.
 */
export function ImagesEditor({ value, onChange, uploading, onUploadingChange }: ImagesEditorProps) {
  const api = useApi();
  const { message, notification } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  // Uploads finish after the user may have reordered or removed photos: append to the latest list.
  const latest = useRef(value);
  latest.current = value;
  const { images, coverPhotoIndex } = value;
  const slots = freeSlots(images.length);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    const { accepted, invalid, overLimit } = screenFiles(files, images.length);
    const skipped = [...invalid, ...overLimit.map((file) => ({ name: file.name, reason: `at most ${LISTING_LIMITS.maxImages} photos` }))];
    if (skipped.length > 0) notification.warning({ title: 'Invalid files', description: skippedDescription(skipped) });
    if (accepted.length === 0) return;

    onUploadingChange(true);
    try {
      const results = await Promise.allSettled(accepted.map((file) => api.upload(file)));
      const urls = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.secure_url] : []));
      if (urls.length > 0) {
        onChange(addPhotos(latest.current, urls));
        void message.success(TEXT.toast.uploaded(urls.length));
      }
      if (urls.length < accepted.length) notification.error({ title: TEXT.toast.error, description: TEXT.toast.uploadFailed });
    } finally {
      onUploadingChange(false);
    }
  }

  const drop = (event: DragEvent, to: number) => {
    event.preventDefault();
    if (dragFrom !== null) onChange(movePhoto(value, dragFrom, to));
    setDragFrom(null);
  };

  return (
    <Flex vertical gap={16}>
      <Flex gap={12} align="center" wrap>
        <input ref={input} type="file" accept="image/*" multiple style={{ display: 'none' }} disabled={uploading || slots <= 0} onChange={(e) => void upload(e)} data-testid="image-input" />
        <Button icon={<UploadOutlined />} loading={uploading} disabled={uploading || slots <= 0} onClick={() => input.current?.click()}>
          Upload Photos
        </Button>
        <Typography.Text type="secondary">
          {images.length} / {LISTING_LIMITS.maxImages} photos. Drag or use the arrows to reorder; the star marks the cover.
        </Typography.Text>
      </Flex>
      {images.length === 0 ? (
        <Typography.Text type="secondary">No photos yet.</Typography.Text>
      ) : (
        <ol className="adm-console-photos">
          {images.map((url, index) => {
            const isCover = index === coverPhotoIndex;
            return (
              <li
                key={`${url}-${index}`}
                className={`adm-console-photo${isCover ? ' is-cover' : ''}${dragFrom === index ? ' is-dragging' : ''}`}
                draggable
                onDragStart={() => setDragFrom(index)}
                onDragEnd={() => setDragFrom(null)}
                onDragOver={(e) => e.preventDefault()}
                onDrop={(e) => drop(e, index)}
                data-testid="photo"
                data-url={url}
              >
                <img src={thumbnailImageUrl(url)} alt={`Photo ${index + 1}${isCover ? ' (cover)' : ''}`} />
                {isCover && (
                  <Tag color="gold" className="adm-console-photo-badge">
                    Cover
                  </Tag>
                )}
                <Flex className="adm-console-photo-actions" justify="space-between">
                  <Tooltip title={isCover ? 'Cover photo' : 'Set as cover'}>
                    <Button
                      size="small"
                      type="text"
                      aria-label={isCover ? `Photo ${index + 1} is the cover` : `Set photo ${index + 1} as cover`}
                      aria-pressed={isCover}
                      icon={isCover ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
                      onClick={() => onChange(setCover(value, index))}
                    />
                  </Tooltip>
                  <Button size="small" type="text" aria-label={`Move photo ${index + 1} left`} icon={<ArrowLeftOutlined />} disabled={index === 0} onClick={() => onChange(movePhoto(value, index, index - 1))} />
                  <Button size="small" type="text" aria-label={`Move photo ${index + 1} right`} icon={<ArrowRightOutlined />} disabled={index === images.length - 1} onClick={() => onChange(movePhoto(value, index, index + 1))} />
                  <Button size="small" type="text" danger aria-label={`Remove photo ${index + 1}`} icon={<DeleteOutlined />} onClick={() => onChange(removePhoto(value, index))} />
                </Flex>
              </li>
            );
          })}
        </ol>
      )}
    </Flex>
  );
}
