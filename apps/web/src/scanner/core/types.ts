/** docs/spec.md §3 "Camera entry". */
export interface CameraEntry {
  id: string;
  label: string;
}
