import { ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { GrantStaffDto, StaffMember } from '@app/shared';
import { ValidationFailedException } from '../../infra/http/error-body';
import type { AuthUser } from '../auth';
import { UsersService } from '../users';

const toStaff = (u: { id: number; email: string; firstName: string | null; lastName: string | null; role: string }): StaffMember => ({
  id: u.id,
  email: u.email,
  name: [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email,
  role: u.role as StaffMember['role'],
});

/**
 * Staff roles: an admin grants `associate` or `admin` to an existing account and takes it away again. An
 * admin cannot take their own role away, and the last admin stays one (someone must be able to grant roles).
 */
@Injectable()
export class StaffService {
  private readonly logger = new Logger(StaffService.name);

  constructor(private readonly users: UsersService) {}

  async grant(dto: GrantStaffDto, admin: AuthUser): Promise<StaffMember> {
    const user = await this.users.findByEmail(dto.email);
    if (!user) throw new ValidationFailedException([{ field: 'email', message: 'No account uses this e-mail address: the person registers first' }]);
    if (user.id === admin.id && dto.role !== 'admin') throw new ConflictException('You cannot take away your own admin role');
    if (user.role === 'admin' && dto.role !== 'admin' && (await this.users.countByRole('admin')) <= 1) {
      throw new ConflictException('The last admin keeps the admin role');
    }
    const saved = await this.users.setRole(user.id, dto.role);
    this.logger.log(`Admin #${admin.id} made user #${user.id} ${dto.role}`);
    return toStaff(saved);
  }

  async revoke(userId: number, admin: AuthUser): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user || user.role === 'user') throw new NotFoundException('No staff member has this id');
    if (user.id === admin.id) throw new ConflictException('You cannot take away your own admin role');
    if (user.role === 'admin' && (await this.users.countByRole('admin')) <= 1) throw new ConflictException('The last admin keeps the admin role');
    await this.users.setRole(user.id, 'user');
    this.logger.log(`Admin #${admin.id} took the ${user.role} role from user #${user.id}`);
  }
}
