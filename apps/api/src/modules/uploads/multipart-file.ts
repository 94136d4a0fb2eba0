import { BadRequestException, PayloadTooLargeException, UnsupportedMediaTypeException } from '@nestjs/common';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';

/**
 * Reads the one file of a multipart request into memory. The multipart plugin stops reading a file one
 * byte past its `fileSize` limit (app factory), so a file over `maxBytes` is refused with 413 without
 * being held whole.
 */
export async function readSingleFile(request: FastifyRequest, field: string, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new UnsupportedMediaTypeException(`Send the file as multipart/form-data in the field "${field}"`);
  }
  const part: MultipartFile | undefined = await request.file();
  if (!part) throw new BadRequestException(`Attach the file in the field "${field}"`);
  if (part.fieldname !== field) {
    part.file.resume();
    throw new BadRequestException(`Attach the file in the field "${field}"`);
  }
  let buffer: Buffer;
  try {
    buffer = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    throw error;
  }
  if (buffer.length > maxBytes) throw tooLarge(maxBytes);
  if (buffer.length === 0) throw new BadRequestException('The file is empty');
  return buffer;
}

function tooLarge(maxBytes: number): PayloadTooLargeException {
  return new PayloadTooLargeException(`File size must be less than ${Math.round(maxBytes / (1024 * 1024))}MB`);
}
