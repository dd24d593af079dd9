// The inbox's title and what it asks of the operator: on the inbox, and in the frame /operator shows
// (and the build prerenders) while the session and the farms load (OperatorPage.tsx).
export function InboxIntro() {
  return (
    <div>
      <h1 className="op-header__title">Job inbox</h1>
      <p className="op-header__lead">
        Answer new jobs before their deadline: an unanswered job goes to the next farm.
      </p>
    </div>
  );
}
