export default function NotFound() {
  return (
    <main className="centered">
      <div className="card">
        <h1>Page not found</h1>
        <p className="muted">There is nothing at this address.</p>
        <a href="/">Back to the status page</a>
      </div>
    </main>
  );
}
