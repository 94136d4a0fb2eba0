import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { MergeSavedVehiclesDto, type SavedVehicleIds } from '@app/shared';
import { IdParamPipe } from '../../infra/http/id-param.pipe';
import { type AuthUser, CurrentUser } from '../auth';
import { SavedVehiclesService } from './saved-vehicles.service';

/** The signed-in account's saved vehicles (a visitor's stay in their browser). */
@Controller('user/saved')
export class SavedVehiclesController {
  constructor(private readonly saved: SavedVehiclesService) {}

  @Get()
  list(@CurrentUser() user: AuthUser): Promise<SavedVehicleIds> {
    return this.saved.list(user.id);
  }

  @Put(':id')
  @HttpCode(204)
  save(@CurrentUser() user: AuthUser, @Param('id', IdParamPipe) id: number): Promise<void> {
    return this.saved.save(user.id, id);
  }

  @Delete(':id')
  @HttpCode(204)
  unsave(@CurrentUser() user: AuthUser, @Param('id', IdParamPipe) id: number): Promise<void> {
    return this.saved.unsave(user.id, id);
  }

  /** On sign-in the browser sends its own list; the answer is the account's list with it. */
  @Post('merge')
  @HttpCode(200)
  merge(@CurrentUser() user: AuthUser, @Body() body: MergeSavedVehiclesDto): Promise<SavedVehicleIds> {
    return this.saved.merge(user.id, body.vehicleIds);
  }
}
