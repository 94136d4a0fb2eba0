import type { PublicVehicle as Vehicle } from '@app/shared';
import fallbackImage from '../assets/vehicle-fallback.svg';

export const FALLBACK_IMAGE: string = fallbackImage;

/** The cover photo (images[coverPhotoIndex], else the first), or the stock fallback image. */
export function coverImage(vehicle: Pick<Vehicle, 'images' | 'coverPhotoIndex'>): string | null {
  const { images, coverPhotoIndex } = vehicle;
  if (!images || images.length === 0) return null;
  return images[coverPhotoIndex] ?? images[0] ?? null;
}

/** Gallery order: the cover photo first, then the others in their order. */
export function galleryImages(vehicle: Pick<Vehicle, 'images' | 'coverPhotoIndex'>): string[] {
  const images = vehicle.images ?? [];
  const cover = images[vehicle.coverPhotoIndex];
  if (cover === undefined || vehicle.coverPhotoIndex === 0) return images;
  return [cover, ...images.filter((_, i) => i !== vehicle.coverPhotoIndex)];
}
