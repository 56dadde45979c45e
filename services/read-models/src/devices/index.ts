// Devices (issue 21, docs/devices.md): typed device resources, credentials, status rows.
export {
  credentialHash,
  type DeviceConfig,
  type DeviceStatusRow,
  deviceConfigOf,
  deviceStatusRows,
  findDevice,
  listDevices,
  markDeviceError,
  markDeviceSeen,
  newCredential,
  revokeDeviceCredential,
  storeDeviceCredential,
  verifyDeviceCredential,
} from './devices.ts'
