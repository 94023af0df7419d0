// What this device holds for the user: the data-rights export, counts and the local store's clearing.
export { readDeviceUserData, clearLocalStore, countLocalTables, type DeviceUserData } from '../device-data';
export { useTableCounts, readAppDeviceUserData } from '../hooks/use-table-counts';
