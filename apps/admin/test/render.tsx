import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { StyleProvider } from '@ant-design/cssinjs';
import { App as AntdApp, ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import type { AdminVehicle, UploadedImage } from '@app/shared';
import type { ApiClient } from '../src/api/client';
import { ApiContext, createQueryClient } from '../src/api/queries';

/** An ApiClient whose methods are jest mocks the test programs. */
export function mockApi() {
  return {
    get: jest.fn<Promise<unknown>, [string, Record<string, unknown>?]>(),
    patch: jest.fn<Promise<unknown>, [string, unknown]>(),
    post: jest.fn<Promise<unknown>, [string, unknown?]>(),
    upload: jest.fn<Promise<UploadedImage>, [File]>(),
  };
}
export type MockApi = ReturnType<typeof mockApi>;

/**
 * Where antd's CSS-in-JS writes its style rules in component tests: an element outside the document. jsdom's
 * getComputedStyle, which every role query calls for each element it considers (is it hidden?), matches each
 * element against every style rule of the document, and antd's few thousand rules made that most of the
 * admin tests' time (a profile of PendingTable.test: 26 of 57 s in selector matching). What the tests read
 * (roles, names, inline styles, `hidden` and `display: none` set by the components) does not depend on them.
 */
const detachedStyles = document.createElement('div');

/** Renders inside the console's providers (antd App for toasts, a fresh query client, the given API). */
export function renderConsole(ui: ReactElement, api: MockApi) {
  const client = createQueryClient();
  return render(
    <StyleProvider container={detachedStyles}>
      <ConfigProvider prefixCls="adm" iconPrefixCls="adm-icon" theme={{ token: { motion: false } }}>
        <AntdApp>
          <ApiContext.Provider value={api as unknown as ApiClient}>
            <QueryClientProvider client={client}>{ui}</QueryClientProvider>
          </ApiContext.Provider>
        </AntdApp>
      </ConfigProvider>
    </StyleProvider>,
  );
}

let nextId = 1;

/** A listing as the admin API answers it. */
export function adminVehicle(overrides: Partial<AdminVehicle> = {}): AdminVehicle {
  const id = nextId++;
  return {
    id,
    userId: 7,
    make: 'BMW',
    model: 'X5',
    year: 2021,
    trim: 'xDrive40i',
    mileage: 32150,
    price: 45999,
    condition: 'excellent',
    bodyType: 'suv',
    fuelType: 'gasoline',
    transmission: 'automatic',
    drivetrain: 'awd',
    exteriorColor: 'black',
    interiorColor: 'beige',
    color: null,
    interiorColorFamily: 'beige',
    description: 'One owner.',
    features: ['Heated Seats'],
    images: [],
    coverPhotoIndex: 0,
    location: 'Austin, TX',
    zipCode: '78701',
    contactPhone: '(555) 010-4287',
    contactEmail: `seller${id}@example.com`,
    contactFirstName: 'Dana',
    contactLastName: 'Lee',
    contactLocation: 'Austin',
    vin: 'WBAJU2C59KLB12345',
    carfaxReportUrl: null,
    recentServices: [],
    engine: '3.0L I6',
    mpgCity: 21,
    mpgHighway: 26,
    status: 'pending',
    views: 12,
    isFeatured: false,
    createdAt: '2026-03-05T15:04:00.000Z',
    updatedAt: '2026-03-05T15:04:00.000Z',
    listedAt: '2026-03-05T15:04:00.000Z',
    vinChecked: false,
    priceAnalysis: { rating: null, expectedPrice: null, difference: null, comparables: null, basis: null },
    priceDrop: null,
    soldAt: null,
    soldPrice: null,
    soldPriceShown: false,
    publishedAt: null,
    daysOnMarket: null,
    pendingRevision: null,
    rejection: null,
    inquiries: 0,
    seller: { id: 7, email: `seller${id}@example.com`, firstName: 'Dana', lastName: 'Lee' },
    ...overrides,
  };
}

/** A promise the test settles by hand. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
