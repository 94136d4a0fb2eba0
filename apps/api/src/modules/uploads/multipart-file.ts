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
  const part: MultipartFile | undefined = await readMultipart(() => request.file(), maxBytes);
  if (!part) throw new BadRequestException(`Attach the file in the field "${field}"`);
  if (part.fieldname !== field) {
    part.file.resume();
    throw new BadRequestException(`Attach the file in the field "${field}"`);
  }
  const buffer = await readMultipart(() => part.toBuffer(), maxBytes);
  if (buffer.length > maxBytes) throw tooLarge(maxBytes);
  if (buffer.length === 0) throw new BadRequestException('The file is empty');
  return buffer;
}

/**
 * Runs one read of the multipart stream. The parser (busboy) rejects a malformed or truncated body (no
 * boundary, a part cut short, no closing boundary) with a plain Error: that is the client's input, a 400.
 * The plugin's own limit errors keep their 4xx status; a file over the limit is a 413.
 */
async function readMultipart<T>(read: () => Promise<T>, maxBytes: number): Promise<T> {
  try {
    return await read();
  } catch (error) {
    const { code, statusCode } = error as { code?: string; statusCode?: number };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) throw error;
    throw new BadRequestException('The upload is not a well-formed multipart/form-data body');
  }
}

function tooLarge(maxBytes: number): PayloadTooLargeException {
  return new PayloadTooLargeException(`File size must be less than ${Math.round(maxBytes / (1024 * 1024))}MB`);
}
