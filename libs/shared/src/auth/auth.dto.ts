import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { trimmed, lowercased } from '../common/transforms';

import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth-limits';

/** How long the link of a password reset e-mail works. */
export const PASSWORD_RESET_TTL_MINUTES = 60;
/** The answer to every request for a reset link: the same whether an account uses the address or not. */
export const PASSWORD_RESET_REQUESTED = 'If an account uses that email address, we have sent it a link to choose a new password. The link works for one hour.';
/** The answer to a reset with a token that is unknown, used or expired. */
export const RESET_LINK_INVALID = 'This reset link is invalid or has expired. Ask for a new one.';

// class-validator runs a property's decorators bottom-up: the most basic check sits lowest, so that with
// stopAtFirstError the message a user sees is the one that matters ("required" before "too long").

export class LoginDto {
  @Transform(lowercased)
  @MaxLength(EMAIL_MAX_LENGTH)
  @IsEmail({}, { message: 'Enter a valid email address' })
  email!: string;

  @MaxLength(PASSWORD_MAX_LENGTH)
  @IsString()
  @IsNotEmpty({ message: 'Password is required' })
  password!: string;
}

export class RegisterDto {
  @Transform(lowercased)
  @MaxLength(EMAIL_MAX_LENGTH)
  @IsEmail({}, { message: 'Enter a valid email address' })
  email!: string;

  @MaxLength(PASSWORD_MAX_LENGTH, { message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` })
  @MinLength(PASSWORD_MIN_LENGTH, { message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` })
  @IsString()
  @IsNotEmpty({ message: 'Password is required' })
  password!: string;

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

/** `POST /api/auth/forgot-password`: always 202 with PASSWORD_RESET_REQUESTED, whether the account exists or not. */
export class ForgotPasswordDto {
  @Transform(lowercased)
  @MaxLength(EMAIL_MAX_LENGTH)
  @IsEmail({}, { message: 'Enter a valid email address' })
  email!: string;
}

/** `POST /api/auth/reset-password`: the token of the e-mailed link and the new password (the registration rules). */
export class ResetPasswordDto {
  @MaxLength(100, { message: RESET_LINK_INVALID })
  @IsString({ message: RESET_LINK_INVALID })
  @IsNotEmpty({ message: RESET_LINK_INVALID })
  token!: string;

  @MaxLength(PASSWORD_MAX_LENGTH, { message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` })
  @MinLength(PASSWORD_MIN_LENGTH, { message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` })
  @IsString()
  @IsNotEmpty({ message: 'Password is required' })
  password!: string;
}
