"""Play a lesson through the engine: every scripted card, every branch, every claim.

Accepted cards expand into branches; positions reached twice at the same step share
one node. Problems are collected per step so an author sees them all at once.
"""

from __future__ import annotations

from engine import (
    HAND_SIZE,
    SUIT_LETTERS,
    Cant,
    Card,
    Deal,
    Game,
    Match,
    Tute,
    TuteError,
    card_code,
    suit_of,
    winning_index,
)
from lesson_compiler.claims import Position, check_claim, codes
from lesson_compiler.model import (
    Branch,
    CantEvent,
    DealEvent,
    HandOverEvent,
    LessonEvent,
    Node,
    PlayEvent,
    State,
    TrickEvent,
    TuteEvent,
)
from lesson_compiler.problems import Problem
from lesson_compiler.source import LessonSource, Step

MIN_PLAYS = 3
"""Every lesson lets the learner play at least this many cards."""


def refusal_text(game: Game, card: Card) -> str | None:
    """Why the seat to move may not play ``card``, as a problem message; ``None`` if it may."""
    reason = game.refusal(card)
    if reason is None:
        return None
    return (
        f"{card_code(card)} is not legal for seat {game.turn} "
        f"({reason}; legal: {codes(game.legal_plays)})"
    )


Last = tuple[int, tuple[Card, ...], int] | None
"""The hand's last finished trick as (leader, cards, winner), or ``None``."""


def last_trick(game: Game) -> Last:
    """The last trick ``game`` has played, when it was played rather than read from a code."""
    last = game.tricks[-1] if game.tricks else None
    return None if last is None else (last.leader, last.cards, last.winner)


def state_of(game: Game, last: Last) -> State:
    """The position the widget draws; ``last`` is its last finished trick, which a position
    read from its code no longer knows."""
    return State(
        hands=tuple(tuple(game.hand(seat)) for seat in range(4)),
        leader=game.leader,
        trick=game.trick,
        tricks_won=(len(game.won(0)) // 4, len(game.won(1)) // 4),
        points=game.points,
        turn=game.turn,
        last=last,
        trump_played=game.trump_card not in game.hand(game.dealer),
    )


class _Builder:
    """Plays one lesson step by step, building nodes and collecting problems."""

    def __init__(self, source: LessonSource, path: str) -> None:
        self.source = source
        self.path = path
        self.problems: list[Problem] = []
        self.nodes: list[Node] = []
        self.last: dict[str, Last] = {}
        """The last finished trick of each position reached, by its code."""

    def fail(self, where: str, message: str) -> None:
        """Record a problem once, though several branches may meet it at the same step."""
        problem = Problem(self.path, where, message)
        if problem not in self.problems:
            self.problems.append(problem)

    def start(
        self,
        deal: tuple[int, Card, tuple[tuple[Card, ...], ...]],
        before: tuple[Card, ...],
        where: str,
    ) -> Game | None:
        """A hand as dealt (dealer, trump card, hands), then its ``before`` plays."""
        dealer, trump_card, hands = deal
        try:
            game = Game.from_deal(Deal(dealer, trump_card, hands))  # type: ignore[arg-type]
        except TuteError as error:
            self.fail(where or "hands", str(error))
            return None
        for i, card in enumerate(before, start=1):
            refused = refusal_text(game, card)
            if refused is not None:
                self.fail(where, f"before, play {i}: {refused}")
                return None
            game.play(card)
        return game

    def run(self) -> list[Node]:
        """Build every node; the problems are left in ``self.problems``."""
        s = self.source
        game = self.start((s.dealer, s.trump_card, s.hands), s.before, "")
        if game is None:
            return []
        plays = sum(1 for step in self.source.steps if step.accept is not None)
        if plays < MIN_PLAYS:
            self.fail(
                "", f"the learner plays {plays} cards; every lesson lets them play {MIN_PLAYS}"
            )
        positions = [game.code()]
        self.last[positions[0]] = last_trick(game)
        steps = self.source.steps
        for index, step in enumerate(steps):
            base = len(self.nodes) + len(positions)
            following: list[str] = []
            for code in positions:
                self.nodes.append(
                    self.node(index, step, code, base, following, index + 1 < len(steps))
                )
            positions = following
            if not positions:
                break
        return self.nodes

    def node(
        self, index: int, step: Step, code: str, base: int, following: list[str], more: bool
    ) -> Node:
        """The node of ``step`` in position ``code``; its successors are added to ``following``."""
        # ``start`` stays as the step begins; each branch plays on a copy of it.
        start = Game.from_code(code)
        game = start.copy()
        where = f"step {step.number}"
        state = state_of(game, self.last.get(code))
        dealt: DealEvent | None = None
        if step.deal is not None:
            fresh = self.new_hand(game, step, where)
            if fresh is None:
                return Node(index, state)
            game = fresh
            deal = step.deal
            dealt = DealEvent(deal.dealer, deal.trump_card, state_of(fresh, last_trick(fresh)))
        elif game.is_over and (step.accept is not None or step.replies):
            self.fail(where, "the hand is already over")
            return Node(index, state)
        if step.accept is None:
            tricks, cants = game.tricks_played, len(game.cants)
            successors = (base, following, more)
            branch = self.branch(game, step, None, step.replies, successors, where, dealt)
            sung: list[Cant | Tute] = [*game.cants[cants:]]
            if game.tute is not None and game.tute.after_trick > tricks:
                sung.append(game.tute)
            self.check_claims(start, step, tuple(sung))
            return Node(index, state, goes_on=branch)
        learner = self.source.learner
        if game.turn != learner:
            self.fail(where, f"it is seat {game.turn}'s turn, not the learner's (seat {learner})")
            return Node(index, state)
        self.check_claims(game, step, None)
        legal = tuple(game.legal_plays)
        accept = self.accepted(game, step, legal)
        refusals = {c: r for c in game.hand(learner) if (r := game.refusal(c)) is not None}
        self.check_before(game, step, legal, accept)
        outcomes: dict[Card, Branch] = {}
        for card in accept:
            replies = step.replies_for.get(card, step.replies)
            if step.replies_for and card not in step.replies_for:
                self.fail(where, f"replies has no entry for the accepted card {card_code(card)}")
            fresh = start.copy()
            label = where if len(accept) == 1 else f"{where}: after {card_code(card)}"
            outcomes[card] = self.branch(fresh, step, card, replies, (base, following, more), label)
        for card in step.replies_for:
            if card not in accept:
                self.fail(where, f"replies names {card_code(card)}, which the step does not accept")
        return Node(index, state, legal, accept, refusals, outcomes)

    def new_hand(self, game: Game, step: Step, where: str) -> Game | None:
        """The hand a step deals: by the seat the engine's match names after the dealer of
        the hand left (the seat after the new dealer then leads), in the lesson's trumps."""
        deal = step.deal
        assert deal is not None
        dealer = Match(dealer=game.dealer).next_dealer
        if deal.dealer != dealer:
            self.fail(
                f"{where}: deal",
                f"the next hand is dealt by seat {dealer}, the seat after the dealer "
                f"(seat {game.dealer}), not seat {deal.dealer}",
            )
            return None
        trump = SUIT_LETTERS[suit_of(self.source.trump_card)]
        if suit_of(deal.trump_card) != suit_of(self.source.trump_card):
            self.fail(
                f"{where}: deal",
                f"the trump card {card_code(deal.trump_card)} is not of the lesson's trump "
                f"suit ({trump})",
            )
            return None
        return self.start((deal.dealer, deal.trump_card, deal.hands), deal.before, f"{where}: deal")

    def check_claims(self, game: Game, step: Step, shown: tuple[Cant | Tute, ...] | None) -> None:
        """The facts the step's words rely on, where the step begins, for the learner.

        ``shown``: on a continue step, what the learner's team is seen to sing during it.
        """
        learner = self.source.learner
        position = Position(
            hand=tuple(game.hand(learner)),
            trick=game.trick,
            trump=game.trump,
            game=game,
            learner=learner,
            shown=shown,
        )
        for claim in step.claims:
            problem = check_claim(claim, position)
            if problem is not None:
                self.fail(f"step {step.number}", problem)

    def accepted(self, game: Game, step: Step, legal: tuple[Card, ...]) -> tuple[Card, ...]:
        """The learner's accepted cards here; listed cards must be legal."""
        where = f"step {step.number}"
        if step.accept == "any":
            return legal
        if step.accept == "winning":
            trick = game.trick
            if not trick:
                self.fail(where, "'winning' needs cards on the table, but you lead this trick")
                return ()
            return tuple(c for c in legal if winning_index((*trick, c), game.trump) == len(trick))
        assert step.accept is not None
        for card in step.accept:
            refused = refusal_text(game, card)
            if refused is not None:
                self.fail(where, f"accepted card {refused}")
        return tuple(c for c in step.accept if c in game.legal_plays)

    def check_before(
        self, game: Game, step: Step, legal: tuple[Card, ...], accept: tuple[Card, ...]
    ) -> None:
        """The claims about the position before the learner plays: legal cards, ``try``, hint."""
        where = f"step {step.number}"
        expect = step.expect
        if not accept and step.accept == "winning":
            self.fail(where, "no legal card wins the trick, so 'winning' accepts nothing")
        if accept and set(accept) != set(legal) and step.hint is None:
            self.fail(where, "some legal cards are not accepted, so the step needs a 'hint'")
        if expect.legal is not None and set(expect.legal) != set(legal):
            self.fail(where, f"the legal cards are {codes(legal)}, not {codes(expect.legal)}")
        if step.try_card is not None:
            reason = game.refusal(step.try_card)
            if reason is None:
                self.fail(
                    where,
                    f"try {card_code(step.try_card)} is legal here; pick a card the rules forbid",
                )
            elif expect.refusal is not None and reason != expect.refusal:
                self.fail(
                    where,
                    f"the engine refuses {card_code(step.try_card)} for {reason}, "
                    f"not {expect.refusal}",
                )
        elif expect.refusal is not None:
            self.fail(where, "expect.refusal needs a 'try' card")

    def branch(
        self,
        game: Game,
        step: Step,
        card: Card | None,
        replies: tuple[Card, ...],
        successors: tuple[int, list[str], bool],
        where: str,
        dealt: DealEvent | None = None,
    ) -> Branch:
        """Play the learner's card (if any) and the replies; check the step's claims.

        ``successors`` is the next step's first node index, its positions so far
        (extended here), and whether there is a next step at all; ``dealt``, the new deal
        the step begins with.
        """
        base, following, more = successors
        tricks, cants = game.tricks_played, len(game.cants)
        earlier = last_trick(game) or self.last.get(game.code())
        events: list[LessonEvent] = [] if dealt is None else [dealt]
        if card is not None:
            self.play(game, card, events)
        for reply in replies:
            wrong = self.reply_problem(game, reply)
            if wrong is None and game.tricks_played > tricks:
                # The learner looks at a finished trick, and reads about it, before the
                # next one is played.
                wrong = (
                    f"reply {card_code(reply)} begins a new trick after the one this step "
                    "finishes: play it in the next step, whose words tell that trick"
                )
            if wrong is not None:
                # The rest of the branch would only repeat this problem in other words.
                self.fail(where, wrong)
                return Branch(tuple(events), state_of(game, None), None)
            self.play(game, reply, events)
        self.check_after(game, step, where, tricks, cants)
        code = game.code()
        last = last_trick(game) if game.tricks_played > tricks else earlier
        self.last[code] = last
        following_index: int | None = None
        if more:
            if code not in following:
                following.append(code)
            following_index = base + following.index(code)
        return Branch(tuple(events), state_of(game, last), following_index)

    def reply_problem(self, game: Game, reply: Card) -> str | None:
        """Why a scripted reply cannot be played here, or ``None`` when it can."""
        if game.turn is None:
            return f"reply {card_code(reply)}: the hand is over"
        if game.turn == self.source.learner:
            return f"reply {card_code(reply)} would be the learner's card"
        return refusal_text(game, reply)

    def play(self, game: Game, card: Card, events: list[LessonEvent]) -> None:
        """Play a legal card and record what it caused: the trick, tute, cants, the hand's end."""
        seat = game.turn
        assert seat is not None
        done, cants = game.tricks_played, len(game.cants)
        game.play(card)
        events.append(PlayEvent(seat, card))
        if game.tricks_played == done:
            return
        trick = game.tricks[-1]
        events.append(
            TrickEvent(trick.winner, trick.cards, trick.points, game.tricks_played == HAND_SIZE)
        )
        if game.tute is not None:
            events.append(TuteEvent(game.tute.seat, game.tute.kind))
        events.extend(CantEvent(c.seat, c.suit, c.points) for c in game.cants[cants:])
        outcome = game.outcome()
        if outcome is not None:
            events.append(HandOverEvent(outcome.winner, outcome.points, outcome.reason))

    def check_after(self, game: Game, step: Step, where: str, tricks: int, cants: int) -> None:
        """The claims about the step's result: the trick, cants, tute, points, the hand."""
        expect = step.expect
        last = game.tricks[-1] if game.tricks_played > tricks else None
        if expect.trick_winner is not None or expect.trick_points is not None:
            if last is None:
                self.fail(where, "expect names a trick, but no trick is finished in this step")
            elif expect.trick_winner not in (None, last.winner):
                self.fail(
                    where,
                    f"seat {last.winner} wins the trick, not seat {expect.trick_winner}",
                )
            elif expect.trick_points not in (None, last.points):
                self.fail(where, f"the trick holds {last.points} points, not {expect.trick_points}")
        sung = tuple((c.seat, c.suit, c.points) for c in game.cants[cants:])
        if expect.cants is not None and sung != expect.cants:
            self.fail(where, f"the cants are {_cants_text(sung)}, not {_cants_text(expect.cants)}")
        if expect.tute is not None:
            tute = game.tute
            found = None if tute is None else (tute.seat, tute.kind)
            if found != expect.tute:
                self.fail(where, f"the tute is {_tute_text(found)}, not {_tute_text(expect.tute)}")
        if expect.points is not None and game.points != expect.points:
            self.fail(where, f"the points are {_pair(game.points)}, not {_pair(expect.points)}")
        if expect.hand_winner is not None:
            outcome = game.outcome()
            if outcome is None:
                self.fail(where, "expect.hand_winner, but the hand is not over")
            elif outcome.winner != expect.hand_winner:
                self.fail(
                    where, f"team {outcome.winner} wins the hand, not team {expect.hand_winner}"
                )


def _cants_text(cants: tuple[tuple[int, int, int], ...]) -> str:
    if not cants:
        return "none"
    return ", ".join(f"seat {seat} {points} in {'oceb'[suit]}" for seat, suit, points in cants)


def _tute_text(tute: tuple[int, str] | None) -> str:
    return "none" if tute is None else f"seat {tute[0]} {tute[1]}"


def _pair(points: tuple[int, int]) -> str:
    return f"[{points[0]}, {points[1]}]"


def build_nodes(source: LessonSource, path: str) -> tuple[list[Node], list[Problem]]:
    """Play ``source`` through the engine: its nodes and every problem found."""
    builder = _Builder(source, path)
    nodes = builder.run()
    return nodes, builder.problems
