import { useCallback, useState, type FormEvent } from 'react';
import { formatPrice, vehicleTitle } from '@app/shared';
import { errorMessage } from '@app/shared';
import { useMarkSold, type OwnerVehicle } from '../../api/seller';
import { Sheet } from '../../components/Sheet';
import { toast } from '../../stores/toast';

/** Marks a live listing sold: the sold price is optional and shown publicly only when the seller agrees. */
export function MarkSoldSheet({ vehicle, onClose }: { vehicle: OwnerVehicle | null; onClose: () => void }) {
  const [price, setPrice] = useState('');
  const [show, setShow] = useState(false);
  const [error, setError] = useState('');
  const markSold = useMarkSold();
  // Stable: the sheet's focus trap re-runs (and refocuses) when its onClose changes.
  const close = useCallback(() => {
    setPrice('');
    setShow(false);
    setError('');
    onClose();
  }, [onClose]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!vehicle) return;
    const soldPrice = price.trim() === '' ? undefined : Number(price.replace(/[$,\s]/g, ''));
    if (soldPrice !== undefined && !(Number.isFinite(soldPrice) && soldPrice > 0)) {
      setError('Enter the sold price in dollars, or leave it empty');
      return;
    }
    markSold.mutate(
      { id: vehicle.id, soldPrice, showSoldPrice: soldPrice !== undefined && show },
      {
        onSuccess: () => {
          toast({ title: 'Marked sold', description: `${vehicleTitle(vehicle)} is shown as sold`, variant: 'success' });
          close();
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };
  return (
    <Sheet open={vehicle !== null} onClose={close} title="Mark as sold">
      {vehicle ? (
        <form onSubmit={submit} noValidate>
          <p>
            {vehicleTitle(vehicle)}, listed at {formatPrice(vehicle.price)}. Buyers will see it as sold.
          </p>
          <div className="field">
            <label htmlFor="sold-price">Sold price (optional)</label>
            <input id="sold-price" className="input" inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} aria-describedby="sold-price-error" />
          </div>
          <label className="checkbox">
            <input type="checkbox" checked={show} onChange={(e) => setShow(e.target.checked)} disabled={price.trim() === ''} />
            <span>Show the sold price on the listing</span>
          </label>
          {error ? (
            <p id="sold-price-error" className="field-error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary btn-block" disabled={markSold.isPending}>
            {markSold.isPending ? 'Saving…' : 'Mark as sold'}
          </button>
        </form>
      ) : null}
    </Sheet>
  );
}
