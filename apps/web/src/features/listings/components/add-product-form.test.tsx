import {
  listingMessages,
  listingReviewMessages,
  listingReviewTexts,
  listingTexts,
  messages,
  photoTexts,
} from '@recell/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthContextValue } from '@/features/auth';
import { apiError, mockApi } from '@/test/api-mock';
import { FakeXhr } from '@/test/fake-xhr';
import { categoryList, jsonResponse, makeMe, makeProduct } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { AddProductForm } from './add-product-form';

const seller: AuthContextValue = { status: 'signedIn', user: makeMe({ role: 'seller' }), logout: async () => {} };

/** Every field's label with the spec's message for it when left empty (docs/product.md, Validation), in form order. */
const requiredFields: [string, string][] = [
  [listingTexts.productName, messages.nameRequired],
  [listingTexts.category, messages.categoryRequired],
  [listingTexts.price, messages.priceRequired],
  [listingTexts.originalPrice, messages.originalPriceRequired],
  [listingTexts.brand, messages.brandRequired],
  [listingTexts.model, messages.modelRequired],
  [listingTexts.storage, listingMessages.storageRequired],
  [listingTexts.colour, listingMessages.colourRequired],
  [listingTexts.networkLock, listingMessages.networkLockRequired],
  [listingTexts.imei, listingMessages.imeiRequired],
  [listingTexts.used, messages.usedRequired],
  [listingTexts.location, messages.locationRequired],
  [listingTexts.phone, messages.phoneRequired],
  [listingTexts.condition, messages.conditionRequired],
  [listingTexts.authenticity, messages.authenticityRequired],
  [listingTexts.features, messages.featuresRequired],
  [listingTexts.description, messages.descriptionRequired],
  [photoTexts.addPhotos, messages.imageRequired],
];

const photo = () => new File(['png bytes'], 'phone.png', { type: 'image/png' });
const uploadedId = 'ab'.repeat(32);
const uploaded = { id: uploadedId, url: `/uploads/ab/${uploadedId}.webp`, width: 800, height: 600 };

const fillAll = async () => {
  await userEvent.type(screen.getByLabelText(listingTexts.productName), 'Galaxy S21');
  await userEvent.selectOptions(screen.getByLabelText(listingTexts.category), 'Samsung');
  await userEvent.type(screen.getByLabelText(listingTexts.price), '449.99');
  await userEvent.type(screen.getByLabelText(listingTexts.originalPrice), '799');
  await userEvent.type(screen.getByLabelText(listingTexts.brand), 'Samsung');
  await userEvent.type(screen.getByLabelText(listingTexts.model), 'S21');
  await userEvent.selectOptions(screen.getByLabelText(listingTexts.storage), '128 GB');
  await userEvent.type(screen.getByLabelText(listingTexts.colour), 'Phantom Gray');
  await userEvent.type(screen.getByLabelText(listingTexts.networkLock), 'unlocked');
  await userEvent.type(screen.getByLabelText(listingTexts.batteryHealth), '91');
  await userEvent.type(screen.getByLabelText(listingTexts.imei), '35 209900 176148 1');
  await userEvent.type(screen.getByLabelText(listingTexts.used), '1 year');
  await userEvent.type(screen.getByLabelText(listingTexts.location), 'Dhaka');
  await userEvent.type(screen.getByLabelText(listingTexts.phone), '+880 1711-000000');
  await userEvent.selectOptions(screen.getByLabelText(listingTexts.condition), 'Good');
  await userEvent.type(screen.getByLabelText(listingTexts.authenticity), 'Original, with box');
  await userEvent.type(screen.getByLabelText(listingTexts.features), '128 GB, 5G');
  await userEvent.type(screen.getByLabelText(listingTexts.description), 'Like new.');
  // The photo uploads at once (POST /api/uploads, with its progress), before the form is sent.
  await userEvent.upload(screen.getByLabelText(photoTexts.addPhotos), photo());
  const upload = await FakeXhr.next();
  expect([upload.method, upload.url, upload.formFields]).toEqual(['POST', '/api/uploads', { image: 'phone.png' }]);
  upload.progress(0.4);
  expect(await screen.findByRole('progressbar', { name: 'Uploading… 40%' })).toHaveValue(40);
  upload.respond(201, uploaded);
  await waitFor(() => {
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
};
const submit = () => userEvent.click(screen.getByRole('button', { name: listingTexts.addProductButton }));

describe('the Add Product form', () => {
  let api: ReturnType<typeof mockApi>;
  let answer: () => Response;
  let listingCode: () => Response;
  beforeEach(() => {
    FakeXhr.install();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }));
    answer = () => jsonResponse(makeProduct({ name: 'Galaxy S21', categoryId: '3', isAdvertised: false }), 201);
    listingCode = () => jsonResponse({ reviewRequired: false, code: null }, 201);
    api = mockApi({
      'GET /api/categories': () => jsonResponse(categoryList),
      'POST /api/listing-codes': () => listingCode(),
      'POST /api/products': () => answer(),
    });
  });
  const sent = () => api.callsTo('POST /api/products');

  it('shows what the seller will receive of the price, the marketplace’s fee taken, as the price is typed', async () => {
    api = mockApi({
      'GET /api/categories': () => jsonResponse(categoryList),
      'GET /api/seller-fee': () => jsonResponse({ percent: 5, fixedCents: 0, shippingPaidBy: 'buyer' }),
    });
    renderWithProviders(<AddProductForm />, { auth: seller });
    expect(await screen.findByText(listingTexts.feeRuleOnly('5%'))).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(listingTexts.price), '449.99');
    // 5 % of $449.99 is $22.4995: $22.50 kept, half a cent up.
    expect(screen.getByText(listingTexts.youWillReceive('$427.49', '$22.50', '5%'))).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(listingTexts.price));
    await userEvent.type(screen.getByLabelText(listingTexts.price), 'abc');
    expect(screen.getByText(listingTexts.feeRuleOnly('5%'))).toBeInTheDocument();
  });

  it('labels every field and offers the brands from the categories call and the conditions', async () => {
    renderWithProviders(<AddProductForm />, { auth: seller });

    for (const [label] of requiredFields) expect(screen.getByLabelText(label)).toBeInTheDocument();
    const category = screen.getByLabelText(listingTexts.category);
    await waitFor(() => {
      expect([...category.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
        listingTexts.categoryPlaceholder,
        'Apple',
        'Xiaomi',
        'Samsung',
      ]);
    });
    const condition = screen.getByLabelText(listingTexts.condition);
    expect([...condition.querySelectorAll('option')].map((option) => option.value)).toEqual([
      '',
      'Excellent',
      'Good',
      'Fair',
    ]);
    // numeric keypads on phones
    expect(screen.getByLabelText(listingTexts.price)).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByLabelText(listingTexts.originalPrice)).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByLabelText(listingTexts.phone)).toHaveAttribute('type', 'tel');
  });

  it("says every field's spec message on an empty submit, beside its field, and sends nothing", async () => {
    renderWithProviders(<AddProductForm />, { auth: seller });

    await submit();

    await screen.findByText(messages.nameRequired);
    for (const [label, message] of requiredFields) {
      expect(screen.getByText(message)).toBeVisible();
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(expect.stringContaining(message));
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    }
    // the first field with a message has the focus
    expect(screen.getByLabelText(listingTexts.productName)).toHaveFocus();
    expect(FakeXhr.requests).toHaveLength(0);
    expect(sent()).toHaveLength(0);
  });

  it('refuses an original price below the price and a phone number that is not one', async () => {
    renderWithProviders(<AddProductForm />, { auth: seller });
    await fillAll();
    await userEvent.clear(screen.getByLabelText(listingTexts.originalPrice));
    await userEvent.type(screen.getByLabelText(listingTexts.originalPrice), '300');
    await userEvent.clear(screen.getByLabelText(listingTexts.phone));
    await userEvent.type(screen.getByLabelText(listingTexts.phone), 'call me');

    await submit();

    expect(await screen.findByText('Original price must be at least the price')).toBeInTheDocument();
    expect(screen.getByLabelText(listingTexts.phone)).toHaveAccessibleDescription(
      expect.stringContaining('Phone number must contain digits only'),
    );
    expect(sent()).toHaveLength(0);
  });

  it('uploads the photo as it is chosen, sends the phone with its id, then says so, resets and opens My Products', async () => {
    renderWithProviders(<AddProductForm />, { auth: seller, route: '/dashboard/addProduct' });
    await fillAll();

    await submit();
    await waitFor(() => {
      expect(sent()).toHaveLength(1);
    });
    expect(sent()[0]!.body).toEqual({
      name: 'Galaxy S21',
      categoryId: '3',
      price: 449.99,
      originalPrice: 799,
      brand: 'Samsung',
      model: 'S21',
      storageGb: 128,
      colour: 'Phantom Gray',
      networkLock: 'unlocked',
      batteryHealth: 91,
      imei: '352099001761481',
      used: '1 year',
      location: 'Dhaka',
      phone: '+8801711000000',
      condition: 'Good',
      authenticity: 'Original, with box',
      features: '128 GB, 5G',
      description: 'Like new.',
      imageIds: [uploadedId],
    });

    expect(await screen.findByText(messages.productAdded)).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\/my-products$/);
    });
    // (the form stays mounted in this test, so its reset shows)
    expect(screen.getByLabelText(listingTexts.productName)).toHaveValue('');
    expect(screen.getByLabelText(listingTexts.price)).toHaveValue('');
    expect(screen.getByLabelText(listingTexts.description)).toHaveValue('');
    expect(screen.queryByRole('img', { name: photoTexts.photoAlt(1) })).not.toBeInTheDocument();
  });

  it('holds the form back while a photo is still uploading', async () => {
    renderWithProviders(<AddProductForm />, { auth: seller });
    await userEvent.upload(screen.getByLabelText(photoTexts.addPhotos), photo());
    await FakeXhr.next();
    await submit();
    expect(await screen.findByText(/Wait until every photo has finished uploading/)).toBeVisible();
    expect(sent()).toHaveLength(0);
  });

  it('says what is wrong with an IMEI (digits, length, check digit) and a battery health, beside the field, and sends nothing', async () => {
    renderWithProviders(<AddProductForm />, { auth: seller });
    await fillAll();
    const imei = screen.getByLabelText(listingTexts.imei);
    const cases: [string, string][] = [
      ['35209900176148O', listingMessages.imeiNotDigits],
      ['35209900176148', listingMessages.imeiLength],
      ['352099001761482', listingMessages.imeiCheckDigit],
    ];
    for (const [typed, message] of cases) {
      await userEvent.clear(imei);
      await userEvent.type(imei, typed);
      await submit();
      await waitFor(() => {
        expect(imei).toHaveAccessibleDescription(expect.stringContaining(message));
      });
      expect(imei).toHaveAttribute('aria-invalid', 'true');
      expect(imei).toHaveFocus();
    }
    await userEvent.clear(imei);
    await userEvent.type(imei, '352099001761481');
    await userEvent.clear(screen.getByLabelText(listingTexts.batteryHealth));
    await userEvent.type(screen.getByLabelText(listingTexts.batteryHealth), '120');
    await submit();
    expect(await screen.findByText(listingMessages.batteryHealthInvalid)).toBeVisible();
    expect(imei).not.toHaveAttribute('aria-invalid');
    expect(sent()).toHaveLength(0);
  });

  it('offers the storage sizes, leaves battery health optional and shows a grading guide beside the condition', async () => {
    renderWithProviders(<AddProductForm />, { auth: seller });
    const storage = screen.getByLabelText(listingTexts.storage);
    expect([...storage.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      listingTexts.storagePlaceholder,
      '16 GB',
      '32 GB',
      '64 GB',
      '128 GB',
      '256 GB',
      '512 GB',
      '1 TB',
    ]);
    expect(screen.getByLabelText(listingTexts.imei)).toHaveAccessibleDescription(listingTexts.imeiHint);
    const guide = screen.getByRole('region', { name: listingTexts.conditionGuideTitle });
    for (const condition of ['Excellent', 'Good', 'Fair'] as const)
      expect(guide).toHaveTextContent(`${condition}: ${listingTexts.conditionGuide[condition]}`);

    await fillAll();
    await userEvent.clear(screen.getByLabelText(listingTexts.batteryHealth));
    await submit();
    await waitFor(() => {
      expect(sent()).toHaveLength(1);
    });
    expect(sent()[0]!.body).not.toHaveProperty('batteryHealth');
    expect(sent()[0]!.body).toMatchObject({ storageGb: 128, imei: '352099001761481' });
  });

  it('says a refused IMEI (listed already, or blocked) under the IMEI field', async () => {
    renderWithProviders(<AddProductForm />, { auth: seller, route: '/dashboard/addProduct' });
    await fillAll();
    answer = () => apiError(409, 'conflict', listingMessages.imeiInUse, { imei: listingMessages.imeiInUse });
    await submit();
    await waitFor(() => {
      expect(screen.getByLabelText(listingTexts.imei)).toHaveAccessibleDescription(
        expect.stringContaining(listingMessages.imeiInUse),
      );
    });
    expect(screen.getByLabelText(listingTexts.imei)).toHaveFocus();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/addProduct');
  });

  it("puts the API's field errors under their fields and stays on the form", async () => {
    renderWithProviders(<AddProductForm />, { auth: seller, route: '/dashboard/addProduct' });
    await fillAll();

    answer = () =>
      apiError(400, 'validation', 'The image was not found. Please upload it again.', {
        imageIds: 'The image was not found. Please upload it again.',
        model: 'Model name must be at most 80 characters',
      });
    await submit();

    await waitFor(() => {
      expect(screen.getByLabelText(photoTexts.addPhotos)).toHaveAccessibleDescription(
        expect.stringContaining('The image was not found. Please upload it again.'),
      );
    });
    expect(screen.getByLabelText(listingTexts.model)).toHaveAccessibleDescription(
      'Model name must be at most 80 characters',
    );
    expect(screen.getByLabelText(listingTexts.model)).toHaveFocus();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/addProduct');
    expect(screen.getByLabelText(listingTexts.productName)).toHaveValue('Galaxy S21');
  });

  it('asks a seller under review for a photo beside the code issued for this listing, and sends the code', async () => {
    listingCode = () => jsonResponse({ reviewRequired: true, code: 'K7P2QX' }, 201);
    answer = () => jsonResponse(makeProduct({ name: 'Galaxy S21', categoryId: '3', status: 'pending_review' }), 201);
    renderWithProviders(<AddProductForm />, { auth: seller, route: '/dashboard/addProduct' });
    expect(await screen.findByRole('group', { name: listingReviewTexts.photoHeading })).toHaveTextContent(
      listingReviewTexts.photoIntro('K7P2QX'),
    );
    expect(screen.getByTestId('listing-code')).toHaveTextContent('K7P2QX');
    await fillAll();

    // Without the photo the listing is held back, and the photo's field says why.
    await submit();
    const photoField = screen.getByLabelText(listingReviewTexts.photoLabel);
    await waitFor(() => {
      expect(photoField).toHaveAccessibleDescription(expect.stringContaining(listingReviewMessages.photoRequired));
    });
    expect(photoField).toHaveFocus();
    expect(sent()).toHaveLength(0);

    await userEvent.upload(photoField, photo());
    const upload = await FakeXhr.next();
    expect([upload.method, upload.url, upload.formFields]).toEqual([
      'PUT',
      '/api/listing-codes/K7P2QX/photo',
      { photo: 'phone.png' },
    ]);
    upload.respond(204, null);
    expect(await screen.findByText(listingReviewTexts.photoUploaded)).toBeInTheDocument();

    await submit();
    await waitFor(() => {
      expect(sent()).toHaveLength(1);
    });
    expect(sent()[0]!.body).toMatchObject({ name: 'Galaxy S21', verificationCode: 'K7P2QX' });
    expect(await screen.findByText(listingReviewTexts.submittedForReview)).toBeInTheDocument();
  });

  it('shows no code to a trusted seller and sends none', async () => {
    renderWithProviders(<AddProductForm />, { auth: seller, route: '/dashboard/addProduct' });
    await screen.findByLabelText(listingTexts.productName);
    await waitFor(() => {
      expect(api.callsTo('POST /api/listing-codes')).toHaveLength(1);
    });
    expect(screen.queryByRole('group', { name: listingReviewTexts.photoHeading })).not.toBeInTheDocument();
  });
});
