// /dashboard/requests/:requestId — one print request: choices, files, offers, tracking (being built).
export default function RequestPage() {
  return <main id="main">Loading request…</main>;
}
