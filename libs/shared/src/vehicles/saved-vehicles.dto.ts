import { ArrayMaxSize, IsArray, IsInt, Max, Min } from 'class-validator';

/** How many saved vehicles one account (or one browser's list) may hold. */
export const SAVED_VEHICLES_MAX = 500;

/** `POST /api/user/saved/merge`: a browser's own saved list, joined to the account's on sign-in. */
export class MergeSavedVehiclesDto {
  @Max(2_147_483_647, { each: true, message: 'Each vehicle id must be a positive whole number' })
  @Min(1, { each: true, message: 'Each vehicle id must be a positive whole number' })
  @IsInt({ each: true, message: 'Each vehicle id must be a positive whole number' })
  @ArrayMaxSize(SAVED_VEHICLES_MAX, { message: `At most ${SAVED_VEHICLES_MAX} saved vehicles` })
  @IsArray({ message: 'vehicleIds must be a list of vehicle ids' })
  vehicleIds!: number[];
}
