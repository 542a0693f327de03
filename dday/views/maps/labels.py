"""What the maps show, shared by both views: who controls a zone, the unit badges, the title and the hover text.

>>> control("axis", False), control(None, True), control(None, False)
('axis', 'contested', 'empty')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from ...rules.cards import ORDER_CARDS
from ...rules.state import State
from ...rules.steps import AATargetStep, ChooseCasualtiesStep, DeclareMovesStep, FireToSeaStep, ParaRoll, Roll, SeaRoll
from ...rules.units import POWERS, Air, Force
from ...rules.words import force_words
from .geodata import CONTROL_COLORS, CONTROL_LABELS, POWER_COLORS, POWER_SHORT, Control, map_geometry

# ---------------------------------------------------------------------------------------------
# What to show: control and badge texts, shared by both views


def control(controller: str | None, contested: bool) -> Control:
    """The colour category of a zone from its controller and whether it is contested."""
    if contested:
        return "contested"
    if controller == "axis":
        return "axis"
    if controller == "allies":
        return "allies"
    return "empty"


def zone_control(state: State, zone: str) -> Control:
    """'axis', 'allies', 'contested' or 'empty' for one zone of ``state``."""
    return control(state.controller(zone), state.contested(zone))


def _air_text(air: Air, power: str) -> str:
    """'✈ 2F 1B' for the fighters and bombers of one power, '' if none."""
    f, b = air.get(power, "fighter"), air.get(power, "bomber")
    parts = ([f"{f}F"] if f else []) + ([f"{b}B"] if b else [])
    return "✈ " + " ".join(parts) if parts else ""


@dataclass(frozen=True)
class Badge:
    """One badge: a power's land units (``air=False``) or air units in one place."""

    power: str
    text: str  # without the power prefix, e.g. "3i 1a" or "✈ 2F"
    air: bool = False

    @property
    def label(self) -> str:
        return f"{POWER_SHORT[self.power]} {self.text}"


def _land_badges(forces: Sequence[tuple[str, Force]]) -> list[Badge]:
    return [Badge(p, f.short()) for p, f in forces if f.total]


def _air_badges(air: Air) -> list[Badge]:
    out = []
    for p in ("UK", "US"):
        t = _air_text(air, p)
        if t:
            out.append(Badge(p, t, air=True))
    return out


def badge_texts(state: State) -> dict[str, list[Badge]]:
    """Every badge to draw, keyed by place: zone ids, beach names, 'airborne-<i>', 'airfield'."""
    b = state.board
    out: dict[str, list[Badge]] = {}
    for z, forces, air in zip(b.zones, state.ground, state.air, strict=True):
        out[z.id] = _land_badges(list(zip(POWERS, forces, strict=True))) + _air_badges(air)
    for bh, f in zip(b.beachheads, state.beach, strict=True):
        out[bh.name] = _land_badges([(bh.power, f)])
    for box in b.airborne_boxes:
        f = state.airborne[box.index] if box.index < len(state.airborne) else Force()
        out[f"airborne-{box.index}"] = _land_badges([(box.power, f)])
    out["airfield"] = _air_badges(state.airfield)
    return out


def title(state: State) -> str:
    """'Turn 3, order 11 — Allies Attack' (or the winner once the game is over)."""
    card = ORDER_CARDS.get(state.card)
    text = f"Turn {state.turn}, order {state.card} — {card.name}" if card else f"Turn {state.turn}"
    if state.winner:
        text += f" — {'Allies' if state.winner == 'allies' else 'Axis'} win"
    return text


def _air_words(air: Air, power: str, where: tuple[str, str]) -> str:
    """'2 fighters on patrol, 1 bomber on strike' (``where`` words for fighters, bombers)."""
    f, b = air.get(power, "fighter"), air.get(power, "bomber")
    parts = ([f"{f} fighter{'s' * (f != 1)} {where[0]}"] if f else []) + ([f"{b} bomber{'s' * (b != 1)} {where[1]}"] if b else [])
    return ", ".join(parts)


def describe(state: State, place: str) -> str:
    """HTML describing one place (zone id, beach name, 'airborne-<i>' or 'airfield') for the info panel."""
    b = state.board
    geo = map_geometry()
    rows: list[str] = []

    def power_row(power: str, text: str) -> None:
        chip = f'<span style="display:inline-block;width:0.9em;height:0.9em;background:{POWER_COLORS[power]};border:1px solid #000;margin-right:4px"></span>'
        # the swatch and the power's name on one line (the ~250 px panel put "Germany" under its swatch)
        rows.append(
            f'<tr><td style="white-space:nowrap;vertical-align:top;padding-right:6px">{chip}{escape(power)}</td>'
            f'<td style="vertical-align:top">{escape(text)}</td></tr>'
        )

    if b.has_zone(place):
        z = b.zone(place)
        ctl = zone_control(state, place)
        head = f"<b>{escape(z.id)} {escape(z.name)}</b>"
        notes = []
        if z.victory_city:
            notes.append(f"victory city {escape(z.victory_city)}")
        if z.coastal:
            notes.append("coastal")
        if z.reinforcement_sector:
            notes.append(f"{escape(z.reinforcement_sector)} reinforcement sector")
        sub = f'<div style="color:#444">{"; ".join(notes)}</div>' if notes else ""
        swatch = f'<span style="color:{CONTROL_COLORS[ctl]}">■</span>'
        lines = [head, sub, f"<div>{swatch} {CONTROL_LABELS[ctl]}</div>"]
        for p, f in zip(POWERS, state.zone_forces(place), strict=True):
            if f.total:
                power_row(p, force_words(f))
        air = state.air_in(place)
        for p in ("UK", "US"):
            t = _air_words(air, p, ("on patrol", "on strike"))
            if t:
                power_row(p, t)
        if not rows:
            rows.append('<tr><td colspan="2"><i>no units</i></td></tr>')
    elif place in geo.by_id and geo.by_id[place]["properties"]["kind"] == "beach":
        bh = b.beachhead(place)
        lines = [
            f"<b>{escape(place)} beachhead</b>",
            f'<div style="color:#444">{escape(bh.power)}, lands into {escape(bh.lands_into)} {escape(b.zone(bh.lands_into).name)}; capacity {bh.capacity}</div>',
        ]
        power_row(bh.power, force_words(state.beach_units(place)))
    elif place.startswith("airborne-") and place in geo.by_id:
        i = int(place.split("-")[1])
        box = b.airborne_boxes[i]
        f = state.airborne[i] if i < len(state.airborne) else Force()
        lines = [
            f"<b>{escape(box.division)}</b>",
            f'<div style="color:#444">airborne box over {escape(box.zone)} {escape(b.zone(box.zone).name)}</div>',
        ]
        power_row(box.power, force_words(f) if f.total else "none (dropped)")
    elif place == "airfield":
        lines = ["<b>Allied airfield</b> (off map)"]
        for p in ("UK", "US"):
            t = _air_words(state.airfield, p, ("waiting", "waiting"))
            if t:
                power_row(p, t)
        if not rows:
            rows.append('<tr><td colspan="2"><i>empty</i></td></tr>')
    else:
        props = geo.by_id.get(place, {}).get("properties", {})
        return f"<b>{escape(str(props.get('name', place)))}</b>"
    return "".join(lines) + f'<table style="border-collapse:collapse;margin-top:4px">{"".join(rows)}</table>'


def _units_words(state: State, place: str) -> str:
    """'Germany: 2 infantry; UK: 1 fighter on patrol' for a zone, '' when it holds nothing."""
    parts = [f"{p}: {force_words(f)}" for p, f in zip(POWERS, state.zone_forces(place), strict=True) if f.total]
    air = state.air_in(place)
    parts += [f"{p}: {t}" for p in ("UK", "US") if (t := _air_words(air, p, ("on patrol", "on strike")))]
    return "; ".join(parts)


def map_rows(state: State) -> list[tuple[str, str, str]]:
    """The map in words, one row a place: (place, who holds it, its units), the zones first, then the
    beachheads, the airborne boxes and the airfield.

    >>> from dday.rules.setup import initial_state
    >>> rows = map_rows(initial_state())
    >>> rows[1]
    ('F2 Cherbourg (victory city Cherbourg)', 'Axis-held', 'Germany: 1 infantry, 2 artillery, 2 blockhouses')
    >>> rows[8], rows[-9]
    (('F9 Bricquebec', 'nobody', 'no units'), ('Utah beachhead (lands into F11)', 'US', 'US: 3 infantry, 1 artillery'))
    """
    b = state.board
    rows = []
    for z in b.zones:
        city = f" (victory city {z.victory_city})" if z.victory_city else ""
        ctl = zone_control(state, z.id)
        holder = "nobody" if ctl == "empty" else CONTROL_LABELS[ctl]
        rows.append((f"{z.id} {z.name}{city}", holder, _units_words(state, z.id) or "no units"))
    for bh in b.beachheads:
        f = state.beach_units(bh.name)
        rows.append((f"{bh.name} beachhead (lands into {bh.lands_into})", bh.power, f"{bh.power}: {force_words(f)}" if f.total else "no units"))
    for box in b.airborne_boxes:
        f = state.airborne[box.index] if box.index < len(state.airborne) else Force()
        rows.append((f"{box.division}, airborne box over {box.zone}", box.power, f"{box.power}: {force_words(f)}" if f.total else "none (dropped)"))
    air = "; ".join(f"{p}: {t}" for p in ("UK", "US") if (t := _air_words(state.airfield, p, ("waiting", "waiting"))))
    rows.append(("Allied airfield (off the map)", "Allies", air or "empty"))
    return rows


def map_table_html(state: State) -> str:
    """The map as a table a screen reader reads (WCAG 1.1.1, a text alternative): every place, who
    holds it and its units, under a caption naming the position."""
    head = "".join(f'<th scope="col" style="text-align:left;padding:2px 8px">{h}</th>' for h in ("Place", "Held by", "Units"))
    body = "".join(
        f'<tr><th scope="row" style="text-align:left;font-weight:normal;padding:2px 8px;white-space:nowrap">{escape(place)}</th>'
        f'<td style="padding:2px 8px;white-space:nowrap">{escape(holder)}</td><td style="padding:2px 8px">{escape(units)}</td></tr>'
        for place, holder, units in map_rows(state)
    )
    caption = f"The map in words: {escape(title(state))}"
    return (
        '<table class="dday-map-table" style="border-collapse:collapse;font-size:15px;line-height:1.35">'
        f'<caption style="text-align:left;font-weight:bold;font-size:16px;padding:4px 8px">{caption}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    )


def acting(state: State) -> tuple[tuple[str, ...], str]:
    """The places acting in ``state`` and how: ``(places, kind)`` for :meth:`LeafletView.highlight`.

    A blockhouse firing to sea: its zone and the beach ('fire'); a zone in combat, hit by
    paratroopers, naval dice, a bomber or anti-aircraft fire ('combat'); the last declared move
    ('move'); nothing otherwise.

    >>> from dataclasses import replace
    >>> from dday.rules.setup import initial_state
    >>> from dday.rules.steps import FireToSeaStep
    >>> acting(replace(initial_state(), step=FireToSeaStep(zone="F15")))
    (('F15', 'Gold'), 'fire')
    >>> acting(replace(initial_state(), step=FireToSeaStep(zone="F14")))   # an arc over two beaches
    (('F14', 'Omaha', 'Utah'), 'fire')
    """
    step = state.step
    board = state.board
    zone = getattr(step, "zone", "")
    if isinstance(step, (FireToSeaStep, SeaRoll)):
        if not board.has_zone(zone):
            return (), "fire"
        aimed = (step.beach,) if isinstance(step, SeaRoll) else board.zone(zone).fires_at  # a die rolled: the beach it was aimed at
        return (zone, *aimed), "fire"
    if isinstance(step, DeclareMovesStep):
        return (tuple(dict.fromkeys((step.moves[-1].path[0], step.moves[-1].path[-1]))), "move") if step.moves else ((), "move")
    if isinstance(step, ParaRoll):
        return (f"airborne-{step.box}", zone), "combat"
    if zone and board.has_zone(zone) and isinstance(step, (Roll, ChooseCasualtiesStep, AATargetStep)):
        return (zone,), "combat"
    return (), "acting"
