import { useState, type ReactNode } from 'react';
import { App, Button, Col, Form, Input, InputNumber, Modal, Row, Select, Switch, Tabs, Typography } from 'antd';
import {
  COLOR_OPTIONS,
  CONDITION_OPTIONS,
  LISTING_LIMITS,
  PREDEFINED_FEATURES,
  TRANSMISSION_OPTIONS,
  vehicleTitle,
  type AdminVehicle,
  type Option,
} from '@app/shared';
import { fieldErrorsText, isAuthFailure } from '@app/shared';
import { useEditVehicle } from '../api/queries';
import { toEditPayload, toFormValues, type EditFormValues } from '../lib/edit-form';
import { TEXT } from '../lib/texts';
import { ImagesEditor } from './ImagesEditor';
import { ListEditor } from './ListEditor';

/** SPEC.md section 5: the modal offers Excellent, Very Good, Good and Fair (and keeps a stored value outside them). */
const MODAL_CONDITIONS = ['excellent', 'very-good', 'good', 'fair'];

function conditionOptions(current: string): Option[] {
  return CONDITION_OPTIONS.filter((o) => MODAL_CONDITIONS.includes(o.value) || o.value === current);
}

function Field({ id, label, children, span = 12 }: { id: string; label: string; children: ReactNode; span?: number }) {
  return (
    <Col xs={24} sm={span}>
      <Form.Item label={label} htmlFor={`adm-edit-${id}`} style={{ marginBottom: 12 }}>
        {children}
      </Form.Item>
    </Col>
  );
}

/** 'Edit Vehicle Details' (approved and pending lists): the admin's save is stored at once, the status kept. */
export function EditVehicleModal({ vehicle, onClose }: { vehicle: AdminVehicle; onClose: () => void }) {
  const [values, setValues] = useState<EditFormValues>(() => toFormValues(vehicle));
  const [uploading, setUploading] = useState(false);
  const edit = useEditVehicle();
  const { message, notification } = App.useApp();
  const set = <K extends keyof EditFormValues>(key: K, value: EditFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const text = (key: 'make' | 'model' | 'year' | 'trim' | 'mileage' | 'location' | 'engine' | 'contactFirstName' | 'contactLastName' | 'contactLocation') => ({
    id: `adm-edit-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`,
    value: values[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
  });

  const save = () =>
    edit.mutate(
      { id: vehicle.id, changes: toEditPayload(values) },
      {
        onSuccess: () => {
          void message.success(TEXT.toast.updated);
          onClose();
        },
        onError: (error) => {
          if (isAuthFailure(error)) return;
          const detail = fieldErrorsText(error);
          notification.error({ title: TEXT.toast.error, description: detail ? `${TEXT.toast.updateFailed}: ${detail}` : TEXT.toast.updateFailed });
        },
      },
    );

  const basic = (
    <Row gutter={16}>
      <Field id="make" label="Make">
        <Input {...text('make')} maxLength={60} />
      </Field>
      <Field id="model" label="Model">
        <Input {...text('model')} maxLength={80} />
      </Field>
      <Field id="year" label="Year" span={8}>
        <Input {...text('year')} inputMode="numeric" maxLength={4} />
      </Field>
      <Field id="trim" label="Trim" span={8}>
        <Input {...text('trim')} maxLength={100} />
      </Field>
      <Field id="mileage" label="Mileage" span={8}>
        <Input {...text('mileage')} inputMode="numeric" suffix="mi" />
      </Field>
      <Field id="price" label="Price" span={8}>
        <InputNumber<number>
          id="adm-edit-price"
          style={{ width: '100%' }}
          value={values.price}
          min={0}
          max={LISTING_LIMITS.maxPrice}
          precision={2}
          prefix="$"
          formatter={(v) => (v === undefined || v === null || `${v}` === '' ? '' : `${v}`.replace(/\B(?=(\d{3})+(?!\d))/g, ','))}
          parser={(v) => Number((v ?? '').replace(/[^\d.]/g, ''))}
          onChange={(v) => set('price', v)}
        />
      </Field>
      <Field id="condition" label="Condition" span={8}>
        <Select id="adm-edit-condition" value={values.condition} options={conditionOptions(vehicle.condition)} onChange={(v) => set('condition', v)} />
      </Field>
      <Field id="location" label="Location" span={8}>
        <Input {...text('location')} maxLength={LISTING_LIMITS.maxLocationLength} />
      </Field>
      <Field id="exterior-color" label="Exterior Color" span={8}>
        <Select id="adm-edit-exterior-color" allowClear value={values.exteriorColor} options={[...COLOR_OPTIONS]} onChange={(v) => set('exteriorColor', v ?? null)} />
      </Field>
      <Field id="interior-color" label="Interior Color" span={8}>
        <Select id="adm-edit-interior-color" allowClear value={values.interiorColor} options={[...COLOR_OPTIONS]} onChange={(v) => set('interiorColor', v ?? null)} />
      </Field>
      <Field id="engine" label="Engine" span={8}>
        <Input {...text('engine')} maxLength={100} />
      </Field>
      <Field id="transmission" label="Transmission">
        <Select id="adm-edit-transmission" allowClear value={values.transmission} options={[...TRANSMISSION_OPTIONS]} onChange={(v) => set('transmission', v ?? null)} />
      </Field>
      <Field id="featured-listing" label="Featured listing">
        <Switch id="adm-edit-featured-listing" checked={values.isFeatured} onChange={(v) => set('isFeatured', v)} />
      </Field>
      <Field id="description" label="Description" span={24}>
        <Input.TextArea id="adm-edit-description" value={values.description} rows={4} maxLength={LISTING_LIMITS.maxDescriptionLength} onChange={(e) => set('description', e.target.value)} />
      </Field>
    </Row>
  );

  const features = (
    <div className="adm-console-stack">
      <ListEditor
        label="Features"
        value={values.features}
        onChange={(v) => set('features', v)}
        placeholder="Add a feature"
        suggestions={PREDEFINED_FEATURES}
        maxLength={LISTING_LIMITS.maxFeatureLength}
      />
      <ListEditor
        label="Recent Services"
        value={values.recentServices}
        onChange={(v) => set('recentServices', v)}
        placeholder="e.g. Oil change at 45,000 mi"
        maxLength={LISTING_LIMITS.maxRecentServiceLength}
      />
    </div>
  );

  const contact = (
    <Row gutter={16}>
      <Field id="contact-first-name" label="Contact First Name">
        <Input {...text('contactFirstName')} maxLength={60} />
      </Field>
      <Field id="contact-last-name" label="Contact Last Name">
        <Input {...text('contactLastName')} maxLength={60} />
      </Field>
      <Field id="contact-location" label="Contact Location" span={24}>
        <Input {...text('contactLocation')} maxLength={LISTING_LIMITS.maxLocationLength} />
      </Field>
      <Col span={24}>
        <Typography.Text type="secondary">
          Seller contact: {vehicle.contactEmail} · {vehicle.contactPhone}
        </Typography.Text>
      </Col>
    </Row>
  );

  return (
    <Modal
      open
      width={880}
      title={TEXT.modal.title}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {TEXT.modal.cancel}
        </Button>,
        <Button key="save" type="primary" onClick={save} loading={edit.isPending} disabled={uploading}>
          {uploading ? TEXT.modal.uploading : TEXT.modal.save}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">{vehicle.status === 'pending' ? TEXT.modal.descriptionPending : TEXT.modal.description}</Typography.Paragraph>
      <Typography.Paragraph strong>{vehicleTitle(vehicle, true)}</Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Tabs
          items={[
            { key: 'basic', label: TEXT.modal.tabs.basic, children: basic },
            {
              key: 'images',
              label: TEXT.modal.tabs.images,
              children: (
                <ImagesEditor
                  value={{ images: values.images, coverPhotoIndex: values.coverPhotoIndex }}
                  onChange={(next) => setValues((v) => ({ ...v, ...next }))}
                  uploading={uploading}
                  onUploadingChange={setUploading}
                />
              ),
            },
            { key: 'features', label: TEXT.modal.tabs.features, children: features },
            { key: 'contact', label: TEXT.modal.tabs.contact, children: contact },
          ]}
        />
      </Form>
    </Modal>
  );
}
