import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import type { UploadedImage } from '@app/shared';
import { adminVehicle, deferred, mockApi, renderConsole, type MockApi } from '../../test/render';
import { EditVehicleModal } from './EditVehicleModal';

// No pointer-events check: it walks every ancestor's computed style on each click.
const userEvent = userEventLib.setup({ pointerEventsCheck: 0 });
const A = '/uploads/a.webp';
const B = '/uploads/b.webp';
const C = '/uploads/c.webp';

const shownPhotos = () => screen.getAllByTestId('photo').map((li) => li.getAttribute('data-url'));
// Plain selectors: role queries compute every element's visibility, which is slow on the modal's large DOM.
const coverLabel = () => Array.from(document.querySelectorAll('button[aria-pressed="true"]'), (b) => b.getAttribute('aria-label'));
const saveButton = () => screen.getByText(/^(Save Changes|Uploading\.\.\.)$/).closest('button') as HTMLButtonElement;
const button = (label: string) => screen.getByLabelText(label);

async function openImagesTab() {
  await userEvent.click(screen.getByText('Images'));
}

/** The body of the last PATCH. */
const lastPatch = (api: MockApi) => api.patch.mock.calls.at(-1)?.[1] as { images: string[]; coverPhotoIndex: number };

describe('EditVehicleModal', () => {
  let api: MockApi;
  const onClose = jest.fn();

  beforeEach(() => {
    api = mockApi();
    onClose.mockReset();
  });

  it('shows the texts, the four tabs and the listing values', async () => {
    renderConsole(<EditVehicleModal vehicle={adminVehicle({ make: 'Porsche', model: '911', status: 'approved' })} onClose={onClose} />, api);
    expect(screen.getByText('Edit Vehicle Details')).toBeTruthy();
    expect(screen.getByText('Update all vehicle information. Changes will be reflected immediately on the live listing.')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Basic Info', 'Images', 'Features', 'Contact']);
    expect((screen.getByLabelText('Make') as HTMLInputElement).value).toBe('Porsche');
    await userEvent.click(screen.getByText('Cancel'));
    expect(onClose).toHaveBeenCalled();
  });

  it('removing a photo before the cover shifts the cover with it, and the save sends both', async () => {
    api.patch.mockResolvedValueOnce({});
    renderConsole(<EditVehicleModal vehicle={adminVehicle({ images: [A, B, C], coverPhotoIndex: 2 })} onClose={onClose} />, api);
    await openImagesTab();
    expect(coverLabel()).toEqual(['Photo 3 is the cover']);

    await userEvent.click(button('Remove photo 1'));

    expect(shownPhotos()).toEqual([B, C]);
    expect(coverLabel()).toEqual(['Photo 2 is the cover']);
    await userEvent.click(saveButton());
    expect(lastPatch(api)).toMatchObject({ images: [B, C], coverPhotoIndex: 1 });
    expect(await screen.findByText('Vehicle updated successfully')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });

  it('removing the cover, or a cover index out of range, resets the cover to the first photo', async () => {
    api.patch.mockResolvedValue({});
    renderConsole(<EditVehicleModal vehicle={adminVehicle({ images: [A, B, C], coverPhotoIndex: 1 })} onClose={onClose} />, api);
    await openImagesTab();
    await userEvent.click(button('Remove photo 2'));
    expect(shownPhotos()).toEqual([A, C]);
    expect(coverLabel()).toEqual(['Photo 1 is the cover']);
  });

  it('resets a stored cover index that points past the photos to 0 on the first removal', async () => {
    api.patch.mockResolvedValue({});
    renderConsole(<EditVehicleModal vehicle={adminVehicle({ images: [A, B, C], coverPhotoIndex: 5 })} onClose={onClose} />, api);
    await openImagesTab();
    await userEvent.click(button('Remove photo 3'));
    await userEvent.click(saveButton());
    expect(lastPatch(api)).toMatchObject({ images: [A, B], coverPhotoIndex: 0 });
  });

  it('reordering keeps the cover on the same photo, and the star moves it', async () => {
    api.patch.mockResolvedValue({});
    renderConsole(<EditVehicleModal vehicle={adminVehicle({ images: [A, B, C], coverPhotoIndex: 0 })} onClose={onClose} />, api);
    await openImagesTab();

    await userEvent.click(button('Move photo 1 right'));
    expect(shownPhotos()).toEqual([B, A, C]);
    expect(coverLabel()).toEqual(['Photo 2 is the cover']);

    // Drag and drop: the third photo onto the first place.
    const items = screen.getAllByTestId('photo');
    fireEvent.dragStart(items[2] as HTMLElement);
    fireEvent.dragOver(items[0] as HTMLElement);
    fireEvent.drop(items[0] as HTMLElement);
    expect(shownPhotos()).toEqual([C, B, A]);
    expect(coverLabel()).toEqual(['Photo 3 is the cover']);

    await userEvent.click(button('Set photo 2 as cover'));
    await userEvent.click(saveButton());
    expect(lastPatch(api)).toMatchObject({ images: [C, B, A], coverPhotoIndex: 1 });
  });

  it("shows 'Uploading...' and disables Save while photos upload, then adds them", async () => {
    const upload = deferred<UploadedImage>();
    api.upload.mockReturnValueOnce(upload.promise);
    renderConsole(<EditVehicleModal vehicle={adminVehicle({ images: [A], coverPhotoIndex: 0 })} onClose={onClose} />, api);
    await openImagesTab();

    const file = new File([new Uint8Array([1, 2, 3])], 'front.jpg', { type: 'image/jpeg' });
    await userEvent.upload(screen.getByTestId('image-input'), file);

    expect(saveButton().textContent).toBe('Uploading...');
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('image-input') as HTMLInputElement).disabled).toBe(true);
    expect(api.upload).toHaveBeenCalledWith(file);

    upload.resolve({ secure_url: '/uploads/new.webp', card_url: '/uploads/new-card.webp', width: 1600, height: 1200, format: 'webp', bytes: 1000 });

    await waitFor(() => expect(saveButton().textContent).toBe('Save Changes'));
    expect((saveButton() as HTMLButtonElement).disabled).toBe(false);
    expect(shownPhotos()).toEqual([A, '/uploads/new.webp']);
    expect(await screen.findByText('1 image(s) uploaded successfully')).toBeTruthy();
  });

  it('skips files that are not images and reports failed uploads', async () => {
    api.upload.mockRejectedValueOnce(new Error('500: disk full'));
    renderConsole(<EditVehicleModal vehicle={adminVehicle({ images: [] })} onClose={onClose} />, api);
    await openImagesTab();

    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    const photo = new File([new Uint8Array([1])], 'side.png', { type: 'image/png' });
    await userEvent.upload(screen.getByTestId('image-input'), [text, photo], { applyAccept: false });

    expect(api.upload).toHaveBeenCalledTimes(1);
    expect(api.upload).toHaveBeenCalledWith(photo);
    expect(await screen.findByText('Failed to upload images')).toBeTruthy();
    expect(screen.getByText('No photos yet.')).toBeTruthy();
  });

  it("shows 'Failed to update vehicle' when the save fails and keeps the modal open", async () => {
    api.patch.mockRejectedValueOnce(new Error('500: boom'));
    renderConsole(<EditVehicleModal vehicle={adminVehicle()} onClose={onClose} />, api);
    await userEvent.click(saveButton());
    expect(await screen.findByText('Failed to update vehicle')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
