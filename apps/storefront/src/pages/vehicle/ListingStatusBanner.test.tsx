import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { OwnerVehicle, VehicleDetail } from '@app/shared';
import { makeOwnerVehicle, makeVehicle } from '../../../test/fixtures';
import { ListingStatusBanner } from './OwnerNotices';
import { similarSearchHref } from './index';

const renderBanner = (vehicle: VehicleDetail) =>
  render(
    <MemoryRouter>
      <ListingStatusBanner vehicle={vehicle} />
    </MemoryRouter>,
  );

describe('ListingStatusBanner', () => {
  it('tells the owner a pending listing is not public and waits for staff review', () => {
    renderBanner(makeOwnerVehicle({ status: 'pending' }));
    expect(screen.getByRole('heading', { name: 'Not public yet: awaiting staff review' })).toBeTruthy();
    expect(screen.getByText(/Only the seller and our staff can see this page/)).toBeTruthy();
  });

  it('says a rejected listing is not published, why (reason and note) and how to send it back', () => {
    const vehicle = {
      ...makeOwnerVehicle({ id: 7, status: 'rejected' }),
      rejection: { reason: 'photos', label: 'Photos are missing, unclear or not of this vehicle', note: 'Add the odometer.' },
    } as OwnerVehicle;
    const { container } = renderBanner(vehicle);
    expect(screen.getByRole('heading', { name: 'Not published: rejected by our staff' })).toBeTruthy();
    expect(container.querySelector('.status-banner-reason')?.textContent).toBe('Why: Photos are missing, unclear or not of this vehicle. Add the odometer.');
    expect(screen.getByRole('link', { name: 'Edit the listing' }).getAttribute('href')).toBe('/edit-listing/7');
  });

  it('says nothing about a reason the data does not carry', () => {
    const { container } = renderBanner(makeOwnerVehicle({ status: 'rejected' }));
    expect(screen.getByRole('heading', { name: 'Not published: rejected by our staff' })).toBeTruthy();
    expect(container.querySelector('.status-banner-reason')).toBeNull();
  });

  it('shows nothing on a live listing, or to anyone but the owner and staff', () => {
    const { container } = renderBanner(makeOwnerVehicle({ status: 'approved' }));
    expect(container.textContent).toBe('');
    const sold = renderBanner(makeVehicle({ status: 'sold' }));
    expect(sold.container.textContent).toBe('');
  });
});

describe('similarSearchHref', () => {
  it('searches the same make and model', () => {
    expect(similarSearchHref({ make: 'Land Rover', model: 'Range Rover Sport' })).toBe('/search?make=Land+Rover&model=Range+Rover+Sport');
  });
});
