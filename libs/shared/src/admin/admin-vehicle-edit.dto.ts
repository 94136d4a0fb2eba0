import { PartialType, PickType } from '@nestjs/mapped-types';
import { IsBoolean, IsOptional } from 'class-validator';
import { VehicleInputDto } from '../vehicles/vehicle-input.dto';
import { ADMIN_EDITABLE_FIELDS } from '../vehicles/listing-fields';

/**
 * Server-side only (it builds on @nestjs/mapped-types, which the browsers do not load): imported by the API
 * through '@app/shared/server' (libs/shared/src/server) and left out of the package index the frontends read.
 *
 * `PATCH /api/admin/vehicles/{id}`: the admin edit modal's fields, each optional (only what is sent
 * changes) but checked by the very rules of a seller's listing (VehicleInputDto), plus `isFeatured`.
 * `null` is refused for required fields and clears an optional one.
 */
export class AdminVehicleEditDto extends PartialType(PickType(VehicleInputDto, ADMIN_EDITABLE_FIELDS), { skipNullProperties: false }) {
  @IsOptional()
  @IsBoolean({ message: 'isFeatured must be true or false' })
  isFeatured?: boolean;
}
