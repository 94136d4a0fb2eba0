import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { trimmed, lowercased } from '../common/transforms';

export const PASSWORD_MIN_LENGTH = 6;
/** argon2 takes any length; a bound keeps hashing cost predictable. */
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 60;
export const EMAIL_MAX_LENGTH = 254;

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
