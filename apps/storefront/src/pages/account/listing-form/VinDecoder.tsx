import { BODY_TYPE_OPTIONS, DRIVETRAIN_OPTIONS, FUEL_TYPE_OPTIONS, labelOf, TRANSMISSION_OPTIONS, type VinDecodeResult } from '@app/shared';

/** The decoded values a VIN offers to fill, as "Label: value" pairs (only those the decoder found). */
export function decodedFields(result: VinDecodeResult): Array<[string, string]> {
  const pairs: Array<[string, string | null]> = [
    ['Make', result.make],
    ['Model', result.model],
    ['Year', result.year === null ? null : String(result.year)],
    ['Trim', result.trim],
    ['Body type', result.bodyType && labelOf(BODY_TYPE_OPTIONS, result.bodyType)],
    ['Fuel type', result.fuelType && labelOf(FUEL_TYPE_OPTIONS, result.fuelType)],
    ['Transmission', result.transmission && labelOf(TRANSMISSION_OPTIONS, result.transmission)],
    ['Drivetrain', result.drivetrain && labelOf(DRIVETRAIN_OPTIONS, result.drivetrain)],
    ['Engine', result.engine],
  ];
  return pairs.filter((p): p is [string, string] => !!p[1]);
}

interface VinDecoderProps {
  state: { status: 'idle' } | { status: 'loading' } | { status: 'failed'; message: string } | { status: 'done'; result: VinDecodeResult };
  onApply: (result: VinDecodeResult) => void;
  onDismiss: () => void;
}

/** What the VIN says about the car, with a button to fill the form from it: nothing is overwritten silently. */
export function VinDecoder({ state, onApply, onDismiss }: VinDecoderProps) {
  if (state.status === 'idle') return null;
  if (state.status === 'loading') {
    return (
      <p className="vin-panel" role="status">
        Decoding VIN...
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <p className="vin-panel vin-panel-warn" role="status">
        {state.message}
      </p>
    );
  }
  const { result } = state;
  const fields = decodedFields(result);
  return (
    <div className="vin-panel" role="status" aria-live="polite">
      {result.valid && fields.length > 0 ? (
        <>
          <p className="vin-panel-title">This VIN belongs to:</p>
          <dl className="vin-fields">
            {fields.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : (
        <p className="vin-panel-title">We could not identify this VIN. {result.errors.join(' ')}</p>
      )}
      {result.warnings.length > 0 ? <p className="vin-warning">{result.warnings.join(' ')}</p> : null}
      <div className="vin-actions">
        {result.valid && fields.length > 0 ? (
          <button type="button" className="btn btn-dark" onClick={() => onApply(result)}>
            Fill vehicle details from VIN
          </button>
        ) : null}
        <button type="button" className="btn btn-ghost" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
    </div>
  );
}
