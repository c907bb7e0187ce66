// The assignment panel's anti copy-paste deterrent (the assignment's `anti_copy_paste`
// setting): a client-side nudge only, as in the product; answers are the same without it.
for (const assignment of document.querySelectorAll('[data-anti-copy-paste]')) {
  for (const kind of ['copy', 'cut', 'paste']) {
    assignment.addEventListener(kind, (event) => event.preventDefault());
  }
}
