// Stub: being written (issue 3).
export default function Stub() {
  return null;
}
