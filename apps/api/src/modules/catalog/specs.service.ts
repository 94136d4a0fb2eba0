import { Injectable } from '@nestjs/common';
import type { GeneratedFeatures, GeneratedSpecs, GenerateFeaturesDto, GenerateSpecsDto } from '@app/shared';
import { VinService } from './vin.service';
import { generateFeatures, generateSpecs } from './vpic/specs-rules';

/** Spec and feature suggestions for the listing form, offline: from the VIN when given, else from the catalog. */
@Injectable()
export class SpecsService {
  constructor(private readonly vins: VinService) {}

  async specs(input: GenerateSpecsDto): Promise<GeneratedSpecs> {
    const decoded = input.vin ? await this.vins.decodeDetailed(input.vin) : null;
    return generateSpecs(input, decoded);
  }

  async features(input: GenerateFeaturesDto): Promise<GeneratedFeatures> {
    const decoded = input.vin ? await this.vins.decodeDetailed(input.vin) : null;
    return { features: generateFeatures(input, decoded) };
  }
}
