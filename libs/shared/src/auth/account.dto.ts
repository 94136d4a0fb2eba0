import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { lowercased, trimmed } from '../common/transforms';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth-limits';

/** How long the link confirming a new e-mail address works. */
export const EMAIL_CHANGE_TTL_HOURS = 24;
/** The answer to a confirmation with a token that is unknown, used or expired. */
export const EMAIL_LINK_INVALID = 'This confirmation link is invalid or has expired. Ask for a new one from your profile.';

/** `PATCH /api/user`: the name on the account (an empty one clears it). */
export class UpdateProfileDto {
  @IsOptional()
  @Transform(trimmed)
  @MaxLength(NAME_MAX_LENGTH, { message: `First name must be at most ${NAME_MAX_LENGTH} characters` })
  @IsString()
  firstName?: string;

  @IsOptional()
  @Transform(trimmed)
  @MaxLength(NAME_MAX_LENGTH, { message: `Last name must be at most ${NAME_MAX_LENGTH} characters` })
  @IsString()
  lastName?: string;
}

/** `POST /api/user/password`: the current password and the new one (the registration rules); other sessions end. */
export class ChangePasswordDto {
  @MaxLength(PASSWORD_MAX_LENGTH)
  @IsString()
  @IsNotEmpty({ message: 'Current password is required' })
  currentPassword!: string;

  @MaxLength(PASSWORD_MAX_LENGTH, { message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` })
  @MinLength(PASSWORD_MIN_LENGTH, { message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` })
  @IsString()
  @IsNotEmpty({ message: 'New password is required' })
  newPassword!: string;
}

/** `POST /api/user/email`: the new address (confirmed through a link sent there) and the current password. */
export class ChangeEmailDto {
  @Transform(lowercased)
  @MaxLength(EMAIL_MAX_LENGTH)
  @IsEmail({}, { message: 'Enter a valid email address' })
  email!: string;

  @MaxLength(PASSWORD_MAX_LENGTH)
  @IsString()
  @IsNotEmpty({ message: 'Current password is required' })
  password!: string;
}

/** `POST /api/auth/confirm-email`: the token of the link sent to the new address. */
export class ConfirmEmailDto {
  @MaxLength(100, { message: EMAIL_LINK_INVALID })
  @IsString({ message: EMAIL_LINK_INVALID })
  @IsNotEmpty({ message: EMAIL_LINK_INVALID })
  token!: string;
}

/** How long the verification link of a new account's address works. */
export const EMAIL_VERIFY_TTL_HOURS = 48;
export const VERIFY_LINK_INVALID = 'This verification link is invalid or has expired. Ask for a new one from your profile.';
/** `POST /api/account/verify-email/resend`: the answer (the link goes to the account's address). */
export const VERIFY_LINK_SENT = 'We sent a new verification link to your email address.';

/** `POST /api/auth/verify-email`: the token of the link sent to a new account's address. */
export class VerifyEmailDto {
  @MaxLength(100, { message: VERIFY_LINK_INVALID })
  @IsString({ message: VERIFY_LINK_INVALID })
  @IsNotEmpty({ message: VERIFY_LINK_INVALID })
  token!: string;
}

/** `DELETE /api/user`: the password, to delete the account with its listings and photos. */
export class DeleteAccountDto {
  @MaxLength(PASSWORD_MAX_LENGTH)
  @IsString()
  @IsNotEmpty({ message: 'Password is required' })
  password!: string;
}

/** `GET /api/user/sessions`: where the account is signed in. */
export interface AccountSession {
  /** An opaque id for `DELETE /api/user/sessions/{id}` (not the session's secret). */
  id: string;
  /** The browser as it named itself when signing in, shortened (e.g. "Chrome on Android"). */
  device: string;
  signedInAt: string;
  /** Within the hour: sessions are touched at most hourly. */
  lastActiveAt: string;
  current: boolean;
}
