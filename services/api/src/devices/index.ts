// Devices (issue 21, docs/devices.md): the routes, and the command path other features use
// (the signage commands: `sendDeviceCommand`).
export {
  DEFAULT_COMMAND_TIMEOUT_MS,
  type DeviceCommandDeps,
  type DeviceCommandResult,
  sendDeviceCommand,
} from './device-commands.ts'
export { type DeviceRouteDeps, deviceRoutes, requireDevice } from './devices.routes.ts'
