// Before the tour: the time it starts, so that its end can say which pictures it made.
export default function setup(): void {
  process.env.TOUR_STARTED_AT = String(Date.now());
}
