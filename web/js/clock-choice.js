// The challenge form's clock: first the kind (live, correspondence, none), then its
// settings, each a short list of the usual ones with "Other…" for any value. Only the
// chosen kind's settings are shown, and only they reach the request.

/** Shows the chosen kind's settings, and the free fields where "Other…" is chosen. */
export function bindClockChoice(form) {
  const update = () => {
    const pace = new FormData(form).get('challenge-pace');
    for (const box of form.querySelectorAll('[data-pace]')) {
      box.hidden = box.dataset.pace !== pace;
      const other = box.querySelector('[data-other]');
      other.hidden = box.hidden || box.querySelector('select').value !== 'other';
      // A field not shown is not checked either (a bad value left in it blocks nothing).
      for (const input of other.querySelectorAll('input')) input.disabled = other.hidden;
    }
  };
  form.addEventListener('change', update);
  update();
}

/** The request's clock fields: {clock}, {days_per_move} or nothing (no clock). */
export function clockRequest(form) {
  const data = new FormData(form);
  const pace = data.get('challenge-pace');
  if (pace === 'live') {
    const preset = data.get('challenge-time');
    const [minutes, increment] =
      preset === 'other'
        ? [Number(data.get('challenge-minutes')), Number(data.get('challenge-increment'))]
        : preset.split('+').map(Number);
    const clock = { initial_ms: Math.round(minutes * 60000), increment_ms: Math.round(increment * 1000) };
    const delay = preset === 'other' ? Math.round(Number(data.get('challenge-delay')) * 1000) : 0;
    if (delay > 0) clock.delay_ms = delay;
    return { clock };
  }
  if (pace === 'correspondence') {
    const preset = data.get('challenge-days-preset');
    return { days_per_move: Math.round(Number(preset === 'other' ? data.get('challenge-days') : preset)) };
  }
  return {};
}
