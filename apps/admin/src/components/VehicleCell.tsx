import { Flex, Typography } from 'antd';
import { CarOutlined } from '@ant-design/icons';
import { thumbnailImageUrl, validCover, vehicleTitle, type AdminVehicle } from '@app/shared';

/** The listing's cover photo (card size), or a neutral tile when it has none. */
export function CoverThumb({ vehicle }: { vehicle: Pick<AdminVehicle, 'images' | 'coverPhotoIndex'> }) {
  const url = vehicle.images[validCover(vehicle.images, vehicle.coverPhotoIndex)];
  return url ? (
    <img className="adm-console-thumb" src={thumbnailImageUrl(url)} alt="" width={72} height={48} loading="lazy" />
  ) : (
    <span className="adm-console-thumb adm-console-thumb-empty" aria-hidden="true">
      <CarOutlined />
    </span>
  );
}

/** Cover photo, "year make model" and one detail line (mileage or trim). */
export function VehicleCell({ vehicle, detail }: { vehicle: AdminVehicle; detail: string | null }) {
  return (
    <Flex gap={12} align="center">
      <CoverThumb vehicle={vehicle} />
      <Flex vertical>
        <Typography.Text strong>{vehicleTitle(vehicle)}</Typography.Text>
        {detail && <Typography.Text type="secondary">{detail}</Typography.Text>}
      </Flex>
    </Flex>
  );
}
