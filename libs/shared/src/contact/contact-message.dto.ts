import { Transform } from 'class-transformer';
import { IsBoolean, IsEmail, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { emptyToUndefined, lowercased, singleLine, trimmed } from '../common/transforms';
import { numeric, rule } from '../common/validators';
import { phoneDigits } from '../vehicles/vehicle-input.dto';
import { CONTACT_LIMITS } from './contact-limits';


const L = CONTACT_LIMITS;
const required = (label: string) => IsNotEmpty({ message: `${label} is required` });
const notLonger = (max: number, label: string) => MaxLength(max, { message: `${label} must be at most ${max} characters` });

// Decorators run bottom-up: the most basic check sits lowest, so "required" shows before "too long".

/** A buyer's message about a public listing: the body of POST /api/contact. */
export class ContactMessageDto {
  @Transform(numeric)
  @Min(1, { message: 'Vehicle id must be a positive whole number' })
  @IsInt({ message: 'Vehicle id must be a positive whole number' })
  @required('Vehicle id')
  vehicleId!: number;

  @Transform(singleLine)
  @notLonger(L.nameMaxLength, 'First name')
  @IsString()
  @required('First name')
  senderFirstName!: string;

  @Transform(singleLine)
  @notLonger(L.nameMaxLength, 'Last name')
  @IsString()
  @required('Last name')
  senderLastName!: string;

  /** Optional: "first last" when absent. */
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? (value.replace(/\s+/g, ' ').trim() || undefined) : value))
  @notLonger(L.senderNameMaxLength, 'Name')
  @IsString()
  senderName?: string;

  @Transform(lowercased)
  @MaxLength(L.emailMaxLength, { message: 'Enter a valid email address' })
  @IsEmail({}, { message: 'Enter a valid email address' })
  @required('Email')
  senderEmail!: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @notLonger(L.phoneMaxLength, 'Phone')
  @rule('phone', phoneDigits, 'Enter a valid phone number')
  senderPhone?: string;

  @Transform(singleLine)
  @notLonger(L.subjectMaxLength, 'Subject')
  @IsString()
  @required('Subject')
  subject!: string;

  @Transform(trimmed)
  @notLonger(L.messageMaxLength, 'Message')
  @IsString()
  @required('Message')
  message!: string;

  @IsOptional()
  @IsBoolean({ message: 'isFinancingInterest must be true or false' })
  isFinancingInterest?: boolean;

  @IsOptional()
  @IsBoolean({ message: 'isTradeInInterest must be true or false' })
  isTradeInInterest?: boolean;
}

/** The answer of POST /api/contact (201). */
export interface ContactMessageCreated {
  id: number;
}

/** The sender's display name: as given, else "first last". */
export function contactSenderName(dto: Pick<ContactMessageDto, 'senderName' | 'senderFirstName' | 'senderLastName'>): string {
  return dto.senderName ?? `${dto.senderFirstName} ${dto.senderLastName}`;
}
