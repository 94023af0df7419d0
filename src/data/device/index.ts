// What this device holds for the user: the data-rights export, counts, and clearing the store or the device.
export { readDeviceUserData, clearLocalStore, countLocalTables, type DeviceUserData } from '../device-data';
export { useTableCounts, readAppDeviceUserData } from '../hooks/use-table-counts';
export { clearDeviceData, type ClearDeviceOptions } from '../clear-device-data';
