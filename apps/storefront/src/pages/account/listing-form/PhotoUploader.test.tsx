import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { initialToastState, useToastStore } from '../../../stores/toast';
import type { PhotoList } from '@app/shared';
import { PhotoUploader } from './PhotoUploader';
import type { UploadStrategy } from './uploader';

let latest: PhotoList = { images: [], coverPhotoIndex: 0 };
let uploadingStates: boolean[] = [];

function Harness({ initial, upload }: { initial: PhotoList; upload: UploadStrategy }) {
  const [list, setList] = useState(initial);
  latest = list;
  return (
    <PhotoUploader
      value={list}
      onChange={(update) => setList((current) => (latest = update(current)))}
      upload={upload}
      onUploadingChange={(u) => uploadingStates.push(u)}
    />
  );
}

const image = (name: string, size = 2000) => new File([new Uint8Array(size)], name, { type: 'image/jpeg' });
const uploadedUrl = (file: File) => `/uploads/2026/${file.name.replace(/\W/g, '')}.webp`;
const photos = (n: number) => Array.from({ length: n }, (_, i) => `/uploads/2026/p${i}.webp`);

beforeEach(() => {
  uploadingStates = [];
  act(() => useToastStore.setState(initialToastState));
});

describe('PhotoUploader', () => {
  it('skips invalid files with the "Invalid files" toast and uploads the valid ones in parallel', async () => {
    const started: string[] = [];
    const upload: UploadStrategy = async (file, onProgress) => {
      started.push(file.name);
      onProgress(0.5);
      await new Promise((r) => setTimeout(r, 10));
      return uploadedUrl(file);
    };
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness initial={{ images: [], coverPhotoIndex: 0 }} upload={upload} />);
    const input = screen.getByLabelText('Choose photos') as HTMLInputElement;
    const pdf = new File(['%PDF'], 'papers.pdf', { type: 'application/pdf' });
    await user.upload(input, [image('a.jpg'), pdf, image('b.jpg')]);
    expect(started).toEqual(['a.jpg', 'b.jpg']);
    await waitFor(() => expect(latest.images).toEqual(['/uploads/2026/ajpg.webp', '/uploads/2026/bjpg.webp']));
    expect(uploadingStates).toEqual([true, false]);
    expect(useToastStore.getState().current).toMatchObject({ title: 'Success', description: 'Uploaded 2 image(s) successfully' });
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows the invalid files toast naming each skipped file and its reason', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness initial={{ images: [], coverPhotoIndex: 0 }} upload={async (f) => uploadedUrl(f)} />);
    await user.upload(screen.getByLabelText('Choose photos'), [new File(['x'], 'notes.txt', { type: 'text/plain' })]);
    expect(useToastStore.getState().current).toMatchObject({ title: 'Invalid files', description: 'Skipped: notes.txt (File must be an image)' });
  });

  it('uploads only into the free slots of the 10 and then disables the file input', async () => {
    const started: string[] = [];
    const user = userEvent.setup({ applyAccept: false });
    render(
      <Harness
        initial={{ images: photos(9), coverPhotoIndex: 3 }}
        upload={async (f) => {
          started.push(f.name);
          return uploadedUrl(f);
        }}
      />,
    );
    await user.upload(screen.getByLabelText('Choose photos'), [image('x.jpg'), image('y.jpg')]);
    expect(started).toEqual(['x.jpg']);
    await waitFor(() => expect(latest.images).toHaveLength(10));
    expect(latest.coverPhotoIndex).toBe(3);
    expect((screen.getByLabelText('Choose photos') as HTMLInputElement).disabled).toBe(true);
  });

  it('lists each failed upload with its reason in the "Upload Error" toast', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(
      <Harness
        initial={{ images: [], coverPhotoIndex: 0 }}
        upload={async (f) => {
          if (f.name === 'bad.jpg') throw new Error('Upload timed out. Please check your connection and try again.');
          return uploadedUrl(f);
        }}
      />,
    );
    await user.upload(screen.getByLabelText('Choose photos'), [image('good.jpg'), image('bad.jpg')]);
    await waitFor(() => expect(useToastStore.getState().current?.title).toBe('Upload Error'));
    expect(useToastStore.getState().current?.description).toBe(
      'Uploaded 1 image(s) successfully. Failed: bad.jpg: Upload timed out. Please check your connection and try again.',
    );
    expect(latest.images).toEqual(['/uploads/2026/goodjpg.webp']);
  });

  it('moves the cover with the star and shifts it when an earlier photo is removed', async () => {
    const user = userEvent.setup();
    render(<Harness initial={{ images: photos(4), coverPhotoIndex: 0 }} upload={async (f) => uploadedUrl(f)} />);
    await user.click(screen.getByRole('button', { name: 'Make photo 3 the cover photo' }));
    expect(latest.coverPhotoIndex).toBe(2);
    expect(screen.getByRole('button', { name: 'Photo 3 is the cover photo' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(latest).toEqual({ images: ['/uploads/2026/p1.webp', '/uploads/2026/p2.webp', '/uploads/2026/p3.webp'], coverPhotoIndex: 1 });
    expect(screen.getByRole('button', { name: 'Photo 2 is the cover photo' })).toBeTruthy();
  });
});
