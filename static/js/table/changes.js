/* What changed between two copies of a sheet, in words a player reads, and the merge of two devices'
 * forms. No DOM, no requests: sync.js and opponents.js show what these find.
 *
 * The merge is field by field against the copy both devices last shared (the base): a field only one
 * device changed takes that device's value; a field both changed, differently, keeps this device's value
 * and is named, with the other's, so the players can check which is right. A hand either device has
 * typed in since the base is kept, so no typing is ever dropped by the merge.
 */
import {fmt, gettext, interpolate, parsePoints} from "./dom.js";
import {DETAILS, label} from "./sheet.js";
import {SIDES} from "./state.js";

const LINE_FIELDS = ["base", "count"];
const DETAIL_FIELDS = DETAILS.map((d) => d.name);

function detail(name) { return DETAILS.find((d) => d.name === name); }

// A line's field as the form keeps it: base and count as typed, a detail from the details object.
function raw(line, field) {
  if (!line) { return undefined; }
  if (LINE_FIELDS.indexOf(field) >= 0) { return line[field]; }
  const v = (line.details || {})[field];
  return normDetail(v) === "" ? undefined : v;  // a detail left at none is no detail
}

// Two values that mean the same (an empty field, "2,200" and 2200 in English, "2.200" and 2200 in
// Spanish, no threes and an unticked box) compare equal.
function same(a, b) { return norm(a) === norm(b); }
function norm(v) {
  if (v === undefined || v === null || v === false || v === "") { return ""; }
  const n = parsePoints(v);
  return n === null ? "" : (isNaN(n) ? String(v).replace(/\s/g, "") : String(n));
}
function normDetail(v) { return v === 0 ? "" : norm(v); }

// A value as the players read it: 2,200 (2.200) for a number, yes/no for a box, the label of a choice.
export function shown(field, v) {
  if (norm(v) === "") {
    const d = detail(field);
    return d && d.kind === "yes_no" ? gettext("no") : (d ? gettext("none") : gettext("empty"));
  }
  const d = detail(field);
  if (d && d.kind === "yes_no") { return gettext("yes"); }
  if (d && d.kind === "choice") { const c = d.choices.find((x) => x.value === v); return c ? c.label : String(v); }
  const n = parsePoints(v);
  return n === null || isNaN(n) ? String(v) : fmt(n);
}

export function fieldWords(field) {
  return LINE_FIELDS.indexOf(field) >= 0 ? label(field) : (detail(field) || {label: field}).label;
}

function hands(form) { return (form && form.hands) || []; }
function emptyLine() { return {base: "", count: "", details: null}; }

function setField(line, field, v) {
  if (LINE_FIELDS.indexOf(field) >= 0) { line[field] = v === undefined ? "" : v; return; }
  if (v === undefined) { return; }
  line.details = line.details || {};
  line.details[field] = v;
}

function handDiffers(a, b) {
  return SIDES.some((side) => LINE_FIELDS.concat(DETAIL_FIELDS).some((f) =>
    !same(raw(a && a[side], f), raw(b && b[side], f))));
}

// merge(base, mine, theirs) -> {form, changes}: the merged form (a new object) and what the other device
// brought: [{hand, side, field, from, to}] taken from it, [{..., kept, theirs, conflict: true}] both changed,
// and [{hand, removed: true}] hands it removed.
export function merge(base, mine, theirs) {
  const b = hands(base), m = hands(mine), t = hands(theirs);
  let n = m.length === b.length ? t.length : (t.length === b.length ? m.length : Math.max(m.length, t.length));
  for (let h = 0; h < Math.max(m.length, t.length); h++) {
    if ((h < m.length && handDiffers(b[h], m[h])) || (h < t.length && handDiffers(b[h], t[h]))) { n = Math.max(n, h + 1); }
  }
  const out = [], changes = [];
  for (let h = 0; h < n; h++) {
    const hand = {};
    SIDES.forEach((side) => {
      const line = emptyLine();
      LINE_FIELDS.concat(DETAIL_FIELDS).forEach((f) => {
        const vb = raw(b[h] && b[h][side], f);
        // A hand one device does not have is, for it, the base's hand: unchanged.
        const vm = h < m.length ? raw(m[h][side], f) : vb, vt = h < t.length ? raw(t[h][side], f) : vb;
        let v = vm;
        if (same(vm, vb) && !same(vt, vb)) {
          v = vt;
          changes.push({hand: h, side: side, field: f, from: vm, to: vt});
        } else if (!same(vm, vb) && !same(vt, vb) && !same(vm, vt)) {
          changes.push({hand: h, side: side, field: f, kept: vm, theirs: vt, conflict: true});
        }
        setField(line, f, v);
      });
      hand[side] = line;
    });
    out.push(hand);
  }
  for (let h = n; h < m.length; h++) { changes.push({hand: h, removed: true}); }
  return {form: {hands: out.length ? out : [{ns: emptyLine(), ew: emptyLine()}], savedAt: Date.now()}, changes: changes};
}

// Whether two forms hold the same sheet (their save times aside).
export function sameForm(a, b) {
  const x = hands(a), y = hands(b);
  return x.length === y.length && x.every((hand, h) => !handDiffers(hand, y[h]));
}

// The changes as sentences; `sides` names the teams ({ns: "We", ew: "They"} on the form).
export function sentences(changes, sides) {
  return changes.map((c) => {
    if (c.removed) { return interpolate(gettext("Hand %(hand)s was removed on the other phone."), {hand: c.hand + 1}); }
    const where = {hand: c.hand + 1, team: sides[c.side], field: fieldWords(c.field)};
    if (c.conflict) {
      return interpolate(gettext("Hand %(hand)s, %(team)s, %(field)s: this phone kept %(kept)s, the other phone typed %(theirs)s. Check which is right."),
                         Object.assign(where, {kept: shown(c.field, c.kept), theirs: shown(c.field, c.theirs)}));
    }
    return interpolate(gettext("Hand %(hand)s, %(team)s, %(field)s: %(from)s → %(to)s"),
                       Object.assign(where, {from: shown(c.field, c.from), to: shown(c.field, c.to)}));
  });
}

// What changed between two submitted sheets (score-sheet format), as the same change records.
export function documentChanges(before, after) {
  const a = (before && before.hands) || [], z = (after && after.hands) || [], changes = [];
  for (let h = 0; h < Math.max(a.length, z.length); h++) {
    if (h >= z.length) { changes.push({hand: h, removed: true}); continue; }
    SIDES.forEach((side) => {
      LINE_FIELDS.concat(DETAIL_FIELDS).forEach((f) => {
        const va = raw(a[h] && a[h][side], f), vz = raw(z[h][side], f);
        if (!same(va, vz)) { changes.push({hand: h, side: side, field: f, from: va, to: vz}); }
      });
    });
  }
  return changes;
}
