// bots/ismcts.py natively: single-observer ISMCTS with availability counts, decoupled at
// simultaneous nodes, random or heuristic rollouts, root_visits and expand, and the paired search
// at the root (margin, halving, prune); the same settings names, meanings and checks, and the
// same draws from the same generator in the same order, so that a seed gives the same search.
//
// What the bot reads: the state it is handed is used only through `sample_hidden(player, rng)`
// (a deal consistent with what `player` may know, made from that knowledge alone), the legal
// actions of `player` and the moves made so far; every state it searches is such a deal. The
// heuristic of `rollout=heuristic` is asked about the real state once per decision (its hint),
// and reads only what its player may see (its own file says what). Tree reuse compares what the
// player sees (the game's `same_view`) of the kept deal and of the real state.
//
// Not native yet, and refused by name: endgame=exact (the games' solvers stay in Python; a
// table's search bot asks them and draws their mix from this seat's generator, `draw_solved`).
// A game with a book (Python's `KnowsOpenings`) supplies `book_move(state, player, legal)`.
// Each game supplies
// `search_key(action)` (a number that tells its actions apart; `State::search_key` where an
// action is a plain number), `search_returns(state)` (each player's return as Python's
// Result.returns: 1 a win, 0 a loss, 1/n each on a draw of n players, in a std::array as long as
// the most seats the game has: its size is the search's player bound, so a two-player game
// keeps its returns in two doubles and The Patriarch's up to eight players in eight) and
// `state.same_view(other, player)` (whether `player` sees the same in two states that share
// their public history: views compare equal). At most two players act at once (The Queen's
// Mercy's commit), whatever the number of players.
// A game that estimates positions (Python's `Evaluates`) supplies `evaluate(state)` (each
// player's expected return, none once over), which scores the short playouts of `depth`; in
// the others `depth` is refused as in Python.
#pragma once
#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <concepts>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "rng.hpp"
#include "seats.hpp"

namespace cardtable {

// The settings of `ismcts:` (bots/ismcts.py's IsmctsBot), read from their text.
struct IsmctsSettings {
    std::optional<long> iterations;
    std::optional<double> seconds;
    bool heuristic = false;  // rollout: random (false) or heuristic
    double exploration = 0.7;
    long max_steps = 60000;
    bool reuse = true;
    long root_visits = 1, expand = 1;
    bool paired = false;
    double margin = 1.0;
    bool exact = false;  // endgame: search (false) or exact
    std::optional<long> depth;
    bool halving = false;
    std::optional<double> prune;
    std::optional<uint64_t> seed;
    bool book = true;  // play the game's book answers (the Queen's Cut) without searching
};

namespace ismcts_detail {

inline std::invalid_argument wrong(const std::string &name, const char *type, const std::string &text) {
    return std::invalid_argument("bot setting " + name + " takes " + type + ", not '" + text + "'");
}

inline std::string lower(std::string text) {
    for (char &c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

inline bool is_none(const std::string &text) { return lower(text) == "none" || lower(text) == "null"; }

// The number the whole of `text` writes, read by `parse` (std::stol, std::stod).
template <typename Parse>
auto number(const std::string &name, const std::string &text, const char *type, Parse parse) {
    std::size_t used = 0;
    decltype(parse(text, &used)) value{};
    try {
        value = parse(text, &used);
    } catch (const std::exception &) {
        throw wrong(name, type, text);
    }
    if (used != text.size()) throw wrong(name, type, text);
    return value;
}

inline long whole(const std::string &name, const std::string &text, const char *type = "int") {
    return number(name, text, type, [](const std::string &t, std::size_t *used) { return std::stol(t, used); });
}

inline double real(const std::string &name, const std::string &text, const char *type = "float") {
    double value = number(name, text, type, [](const std::string &t, std::size_t *used) { return std::stod(t, used); });
    if (!std::isfinite(value)) throw wrong(name, type, text);  // "inf" seconds would search for ever
    return value;
}

inline bool truth(const std::string &name, const std::string &text) {
    std::string word = lower(text);
    if (word == "true" || word == "yes" || word == "on" || word == "1") return true;
    if (word == "false" || word == "no" || word == "off" || word == "0") return false;
    throw wrong(name, "bool", text);
}

inline bool either(const std::string &name, const std::string &text, const char *no, const char *yes) {
    std::string word = lower(text);
    if (word == no) return false;
    if (word == yes) return true;
    throw wrong(name, (std::string(no) + "|" + yes).c_str(), text);
}

}  // namespace ismcts_detail

// The settings from their text, each converted and then checked as IsmctsBot.__init__ checks
// them (the same words), for a game that `evaluates` positions or not; what the native search
// does not do yet is refused by name.
inline IsmctsSettings read_ismcts_settings(const Settings &given, bool evaluates) {
    using namespace ismcts_detail;
    IsmctsSettings s;
    for (const auto &[name, text] : given) {
        if (name == "iterations") s.iterations = is_none(text) ? std::nullopt : std::optional<long>(whole(name, text, "int or none"));
        else if (name == "seconds") s.seconds = is_none(text) ? std::nullopt : std::optional<double>(real(name, text, "float or none"));
        else if (name == "rollout") s.heuristic = either(name, text, "random", "heuristic");
        else if (name == "exploration") s.exploration = real(name, text);
        else if (name == "max_steps") s.max_steps = whole(name, text);
        else if (name == "reuse") s.reuse = truth(name, text);
        else if (name == "root_visits") s.root_visits = whole(name, text);
        else if (name == "expand") s.expand = whole(name, text);
        else if (name == "paired") s.paired = truth(name, text);
        else if (name == "margin") s.margin = real(name, text);
        else if (name == "endgame") s.exact = either(name, text, "search", "exact");
        else if (name == "depth") s.depth = is_none(text) ? std::nullopt : std::optional<long>(whole(name, text, "int or none"));
        else if (name == "halving") s.halving = truth(name, text);
        else if (name == "prune") s.prune = is_none(text) ? std::nullopt : std::optional<double>(real(name, text, "float or none"));
        else if (name == "seed") s.seed = static_cast<uint64_t>(whole(name, text));
        else if (name == "book") s.book = truth(name, text);
        else
            throw std::invalid_argument("bot ismcts has no setting '" + name + "' (its settings: iterations, seconds, "
                                        "rollout, exploration, max_steps, reuse, root_visits, expand, paired, "
                                        "margin, endgame, depth, halving, prune, book, seed)");
    }
    if (s.iterations && *s.iterations < 1) throw std::invalid_argument("ismcts: iterations must be at least 1");
    if (s.seconds && !(0 < *s.seconds && *s.seconds < INFINITY))
        throw std::invalid_argument("ismcts: seconds must be a finite number more than 0");
    if (s.max_steps < 1) throw std::invalid_argument("ismcts: max_steps must be at least 1");
    if (s.root_visits < 1 || s.expand < 1)
        throw std::invalid_argument("ismcts: root_visits and expand must be at least 1");
    if (s.depth && *s.depth < 1) throw std::invalid_argument("ismcts: depth must be at least 1");
    if (s.depth && !evaluates)
        throw std::invalid_argument("ismcts: depth needs a game that evaluates positions (an evaluate method)");
    if (s.halving && !s.paired) throw std::invalid_argument("ismcts: halving needs paired=true");
    if (s.prune && !s.paired) throw std::invalid_argument("ismcts: prune needs paired=true");
    if (s.prune && !(*s.prune > 0)) throw std::invalid_argument("ismcts: prune must be more than 0");
    if (s.exact) throw std::invalid_argument("the native ismcts has no endgame=exact yet");
    return s;
}

// The player(s) to act in seat order (several: a simultaneous commit), into `seats`; how many.
template <typename State>
int seats_to_act(const State &state, int seats[2]) {
    if constexpr (requires { state.acting(seats); }) {  // without making a list
        return state.acting(seats);
    } else if constexpr (requires { state.to_act().empty(); }) {
        auto acting = state.to_act();
        int n = 0;
        for (int seat : acting) seats[n++] = seat;
        return n;
    } else {
        int seat = state.to_act();
        if (seat < 0) return 0;
        seats[0] = seat;
        return 1;
    }
}

template <typename State>
bool acts(const State &state, int player) {
    int seats[2];
    int n = seats_to_act(state, seats);
    return std::find(seats, seats + n, player) != seats + n;
}

// Each player's return, as the game's `search_returns` gives it: a std::array with one place per
// seat the game may have (its player bound, known when compiled).
template <typename State>
using Returns = decltype(search_returns(std::declval<const State &>()));

// A game whose positions the search can score before the end (`depth`): `evaluate(state)`, found
// through its argument, gives each player's expected return, or none once the game is over.
template <typename State>
concept Evaluates = requires(const State &state) {
    { evaluate(state) } -> std::same_as<std::optional<Returns<State>>>;
};

// A game that answers some decisions from measured play (Python's `KnowsOpenings`, for `book`):
// `book_move(state, player, legal)`, found through its arguments, gives the index of the book's
// action among `legal`, or -1 where the game has no answer. It reads only what `player` sees.
template <typename State>
concept KnowsOpenings = requires(const State &state, const LegalOf<State> &legal) {
    { book_move(state, 0, legal) } -> std::same_as<int>;
};

// The game's search_key of `action`: found through the action, or where actions are plain
// numbers (The Patriarch's family indices, which lead to no namespace) the state's own.
template <typename State, typename Action>
uint64_t search_key_of(const Action &action) {
    if constexpr (requires { State::search_key(action); }) return State::search_key(action);
    else return search_key(action);
}

// A game the search can play: its states deal what a player cannot see and tell whether a
// player sees the same in two of them, and its actions and outcomes have their search_key and
// search_returns (found through their arguments, or the key as the state's own).
template <typename State>
concept Searchable = requires(const State &state, Rng &rng, const LegalOf<State> &legal) {
    state.sample_hidden(0, rng);
    { state.same_view(state, 0) } -> std::same_as<bool>;
    search_returns(state);
} && (requires(const LegalOf<State> &legal) { search_key(legal[0]); } ||
      requires(const LegalOf<State> &legal) { State::search_key(legal[0]); });

template <typename State>
class IsmctsSeat final : public Seat<State> {
public:
    using Legal = LegalOf<State>;
    using Action = std::decay_t<decltype(std::declval<const Legal &>()[0])>;
    // Makes the game's heuristic bot from a seed (for rollout=heuristic).
    using Factory = std::function<std::unique_ptr<Seat<State>>(uint64_t)>;

    static constexpr long DEFAULT_ITERATIONS = 300, PRUNE_EVERY = 20;
    static constexpr int REUSE_PROBES = 4;  // deals a move is tried on before its subtree is kept

    IsmctsSeat(uint64_t seed, const IsmctsSettings &settings, Factory factory)
        : s_(settings), rng_(settings.seed.value_or(seed)), factory_(std::move(factory)) {
        if (!s_.heuristic) factory_ = nullptr;
        if (factory_) policy_ = factory_(rng_.next_u64());
    }

    long last_iterations() const { return last_iterations_; }
    // The decisions that went on from the subtree kept at the one before (for tests).
    long reused() const { return reused_; }

    // Python's `endgame=exact` answer, worked out outside the search (the game's exact mix for
    // a decision, whose solvers stay in Python): the index of the share drawn as `draw_mixed`
    // draws it, from this seat's generator, the kept tree dropped as Python drops it.
    int draw_solved(const std::vector<double> &shares) {
        kept_.reset();
        double point = rng_.random();
        for (std::size_t i = 0; i < shares.size(); ++i) {
            point -= shares[i];
            if (point < 0) return static_cast<int>(i);
        }
        return static_cast<int>(shares.size()) - 1;  // rounding left the point past the last
    }

    int choose(const State &state, int player, const Legal &legal) override {
        int count = count_of(legal);
        if (count == 1) return 0;
        if constexpr (KnowsOpenings<State>) {
            if (s_.book) {  // the game's answer from measured play, where it has one
                int known = book_move(state, player, legal);
                if (known >= 0) {
                    kept_.reset();
                    last_iterations_ = 0;
                    return known;
                }
            }
        }
        int hint = policy_ ? policy_->choose(state, player, legal) : -1;
        std::optional<long> limit = s_.iterations;
        if (!limit && !s_.seconds) limit = DEFAULT_ITERATIONS;
        Clock::time_point deadline{};
        if (s_.seconds) deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                                        std::chrono::duration<double>(*s_.seconds));
        if (s_.paired) {
            kept_.reset();
            return paired_choice(state, player, legal, hint, limit, deadline);
        }
        reused_root(state, player);
        std::optional<uint64_t> hint_key;
        if (hint >= 0) hint_key = id(player, legal[hint]);
        long done = 0, steps = 0;
        while (done == 0 || ((!limit || done < *limit) && steps < s_.max_steps &&
                             (!s_.seconds || Clock::now() < deadline))) {
            steps += iterate(state.sample_hidden(player, rng_), s_.max_steps - steps, player, hint_key);
            ++done;
        }
        last_iterations_ = done;
        // The most visited of the player's legal actions at the root (ties: the hint, then the
        // first tried), as Python's max over the root's edges in the order they were made.
        const Node &root = nodes_[root_];
        index_legal(player, legal);
        int best = -1, best_visits = -1;
        bool best_hint = false;
        for (const Edge &edge : root.edges) {
            if (edge.player != player) continue;
            int index = index_of(edge.id);
            if (index < 0) continue;
            bool is_hint = hint_key && edge.id == *hint_key;
            if (edge.visits > best_visits || (edge.visits == best_visits && is_hint && !best_hint)) {
                best = index;
                best_visits = edge.visits;
                best_hint = is_hint;
            }
        }
        best = best >= 0 ? best : 0;
        keep(state, player, legal[best]);
        return best;
    }

private:
    using Clock = std::chrono::steady_clock;

    struct Edge {
        uint64_t id;  // player and action (see `id`)
        int player;
        int visits = 0;
        double reward = 0.0;
        int available = 0;
        int child = -1;  // the node after this move alone (a move of one player)
    };
    struct Joint {  // the child after a simultaneous node's moves, one per acting player
        uint64_t ids[2];
        int count;
        int node;
    };
    struct Node {
        std::vector<Edge> edges;
        std::vector<Joint> joints;
        int visits = 0;
        int cursor = 0;  // where the next edge is looked for first (legal lists repeat)
    };

    // Calls `use(legal)` with the legal actions of `player`: made into the list kept here where
    // the game fills a list in place (its storage reused from move to move: no allocation), else
    // made anew. A `use` must not come back here (the kept list is one).
    template <typename Use>
    void with_legal(const State &state, int player, Use use) {
        if constexpr (requires { state.legal(player, legal_); }) {
            state.legal(player, legal_);
            use(std::as_const(legal_));
        } else {
            use(state.legal(player));
        }
    }

    // The player's place in an id: the top bits, as many as the game's seats need and two at
    // least (the two-player games' keys stay below bit 62; The Patriarch's eight seats take three).
    static constexpr int PLAYER_BITS = std::max(2, static_cast<int>(std::bit_width(std::tuple_size_v<Returns<State>> - 1)));
    static constexpr int PLAYER_SHIFT = 64 - PLAYER_BITS;

    static uint64_t id(int player, const Action &action) {
        return search_key_of<State>(action) | static_cast<uint64_t>(player) << PLAYER_SHIFT;
    }

    // The legal actions' ids in order, each with its index (the first of equal ids), for
    // `index_of`: a guess in The Patriarch may be any of 46,249 families, too many to look
    // through once for each edge at the root.
    void index_legal(int player, const Legal &legal) {
        by_id_.clear();
        for (int i = 0; i < count_of(legal); ++i) by_id_.emplace_back(id(player, legal[i]), i);
        std::sort(by_id_.begin(), by_id_.end());
    }

    // The index of the action `edge_id` among the legal actions given to `index_legal`, or -1.
    int index_of(uint64_t edge_id) const {
        auto at = std::lower_bound(by_id_.begin(), by_id_.end(), std::make_pair(edge_id, 0));
        return at != by_id_.end() && at->first == edge_id ? at->second : -1;
    }

    // The edge of `edge_id` at `node`, made if it has none: looked for from where the last look
    // ended (legal lists repeat), or, `fresh` (a pick at a node that had no edge: none of its
    // legal actions has one yet), made without looking, which for a list of thousands (The
    // Patriarch's families) would cost the square of its length.
    int edge_of(int node, uint64_t edge_id, int player, bool fresh = false) {
        Node &n = nodes_[node];
        int size = static_cast<int>(n.edges.size());
        for (int k = 0; !fresh && k < size; ++k) {
            int at = n.cursor + k < size ? n.cursor + k : n.cursor + k - size;
            if (n.edges[at].id == edge_id) {
                n.cursor = at + 1 < size ? at + 1 : 0;
                return at;
            }
        }
        n.edges.push_back(Edge{edge_id, player});
        n.cursor = 0;
        return size;
    }

    // Tree reuse (IsmctsBot._keep): the subtree under `action` is kept when the next decision is
    // the player's own, right after this move, and the move revealed nothing: on REUSE_PROBES
    // deals (drawn whatever their views, so the generator draws as Python's) the move leaves
    // the player to act and the game on, and the player sees the same in every one.
    void keep(const State &state, int player, const Action &action) {
        kept_.reset();
        if (!s_.reuse) return;
        const Node &root = nodes_[root_];
        uint64_t edge_id = id(player, action);
        auto edge = std::find_if(root.edges.begin(), root.edges.end(),
                                 [edge_id](const Edge &e) { return e.id == edge_id; });
        if (edge == root.edges.end() || edge->child < 0) return;  // never tried alone at the root
        int subtree = edge->child;
        std::optional<State> first;
        bool same = true;
        for (int probe = 0; probe < REUSE_PROBES; ++probe) {
            State deal = state.sample_hidden(player, rng_);
            deal.apply(player, action);
            if (deal.over() || !acts(deal, player)) return;
            if (!first) first.emplace(std::move(deal));
            else if (same) same = first->same_view(deal, player);
        }
        if (same) kept_.emplace(Kept{player, state.moves() + 1, std::move(*first), subtree});
    }

    // IsmctsBot._reused_root: the kept subtree becomes the root if this decision is the one it
    // was kept for (the player, the moves made, what the player sees); else a fresh root.
    void reused_root(const State &state, int player) {
        std::optional<Kept> kept = std::move(kept_);
        kept_.reset();
        if (kept && kept->player == player && kept->moves == state.moves() && kept->view.same_view(state, player)) {
            root_ = kept->node;  // the nodes outside the subtree stay, unreachable, until a fresh root
            ++reused_;
            return;
        }
        nodes_.clear();
        nodes_.emplace_back();
        root_ = 0;
    }

    // One deal: select, expand, roll out (within `budget` moves), back up; the moves simulated.
    long iterate(State state, long budget, int root_player, std::optional<uint64_t> hint_key) {
        path_.clear();
        int node = root_;
        long steps = 0;
        while (!state.over()) {
            ++nodes_[node].visits;
            if (node != root_ && nodes_[node].visits <= s_.expand) break;  // a young node: the policy plays
            int seats[2];
            int acting = seats_to_act(state, seats);
            Step step{node, {}, 0};
            for (int k = 0; k < acting; ++k) {  // several players: each picks blind to the others'
                int player = seats[k];
                if (!acts(state, player)) break;
                long least = 1;
                std::optional<uint64_t> known;
                if (node == root_) {
                    least = s_.root_visits;
                    if (player == root_player) known = hint_key;
                }
                with_legal(state, player, [&](const Legal &legal) {
                    int index = pick(node, player, legal, least, known, state);
                    step.edges[step.count++] = edge_of(node, id(player, legal[index]), player);
                    state.apply(player, legal[index]);
                });
                ++steps;
            }
            path_.push_back(step);
            node = child_of(step);
        }
        auto [returns, rolled] = rollout(state, std::max(budget - steps, 1L), policy_.get(), rng_, last_mover());
        for (const Step &step : path_)
            for (int k = 0; k < step.count; ++k) {
                Edge &edge = nodes_[step.node].edges[step.edges[k]];
                ++edge.visits;
                edge.reward += returns[edge.player];
            }
        return steps + rolled;
    }

    struct Step {
        int node;
        int edges[2];
        int count;
    };

    int child_of(const Step &step) {
        if (step.count == 1) {
            int child = nodes_[step.node].edges[step.edges[0]].child;
            if (child < 0) {
                child = static_cast<int>(nodes_.size());
                nodes_[step.node].edges[step.edges[0]].child = child;
                nodes_.emplace_back();
            }
            return child;
        }
        uint64_t ids[2] = {nodes_[step.node].edges[step.edges[0]].id, nodes_[step.node].edges[step.edges[1]].id};
        for (const Joint &joint : nodes_[step.node].joints)
            if (joint.count == step.count && joint.ids[0] == ids[0] && joint.ids[1] == ids[1]) return joint.node;
        int child = static_cast<int>(nodes_.size());
        nodes_[step.node].joints.push_back(Joint{{ids[0], ids[1]}, step.count, child});
        nodes_.emplace_back();
        return child;
    }

    // An action tried fewer than `least` times (the fewest tried; of those, `known` or else the
    // rollout policy's pick in this deal, else one at random), else the best by UCB over
    // availability. Every legal action's edge counts one more availability.
    int pick(int node, int player, const Legal &legal, long least, std::optional<uint64_t> known,
             const State &state) {
        int count = count_of(legal);
        edges_.resize(static_cast<std::size_t>(count));
        long fewest = least;
        untried_.clear();
        bool fresh = nodes_[node].edges.empty();
        for (int i = 0; i < count; ++i) {
            int e = edge_of(node, id(player, legal[i]), player, fresh);
            edges_[i] = e;
            Edge &edge = nodes_[node].edges[e];
            ++edge.available;
            if (edge.visits < fewest) {
                fewest = edge.visits;
                untried_.assign(1, i);
            } else if (edge.visits == fewest && fewest < least) {
                untried_.push_back(i);
            }
        }
        if (untried_.size() == 1) return untried_[0];
        if (!untried_.empty()) {
            if (!known && policy_) {
                int choice = policy_->choose(state, player, legal);
                known = id(player, legal[choice]);
            }
            if (known)
                for (int i : untried_)
                    if (id(player, legal[i]) == *known) return i;
            return untried_[rng_.below(static_cast<uint32_t>(untried_.size()))];
        }
        int best = 0;
        double best_score = -INFINITY, explore = s_.exploration;
        for (int i = 0; i < count; ++i) {
            const Edge &edge = nodes_[node].edges[edges_[i]];
            double score = edge.reward / edge.visits +
                           explore * std::sqrt(std::log(static_cast<double>(edge.available)) / edge.visits);
            if (score > best_score) {
                best = i;
                best_score = score;
            }
        }
        return best;
    }

    // The player who made the last move of the walk down the tree (-1: none, Python's None).
    int last_mover() const {
        if (path_.empty()) return -1;
        const Step &step = path_.back();
        return nodes_[step.node].edges[step.edges[step.count - 1]].player;
    }

    // Finish the deal with `policy` (null: uniform random moves from `rng`) within `budget`
    // moves, or with `depth` play it until the player to act has changed `depth` times since
    // `mover` (who made the last move; -1: none) and score it with the game's `evaluate`: each
    // player's return (a deal the budget cut scored by the evaluation with `depth`, else 1/2
    // each) and the moves made.
    std::pair<Returns<State>, long> rollout(State &state, long budget, Seat<State> *policy, Rng &rng, int mover) {
        if (s_.depth) return rollout_as<true>(state, budget, policy, rng, mover);
        return rollout_as<false>(state, budget, policy, rng, mover);
    }

    // `rollout`, compiled apart with and without `depth` (the playout to the end counts no turns).
    template <bool Short>
    std::pair<Returns<State>, long> rollout_as(State &state, long budget, Seat<State> *policy, Rng &rng, int mover) {
        long steps = 0;
        long turns_left = s_.depth.value_or(0);
        while (steps < budget && !state.over()) {
            int player = first_seat(state);
            if constexpr (Short)
                if (player != mover) {
                    if (--turns_left == 0) break;
                    mover = player;
                }
            with_legal(state, player, [&](const Legal &legal) {
                int count = count_of(legal);
                int index = count == 1 ? 0
                            : policy == nullptr ? static_cast<int>(rng.below(static_cast<uint32_t>(count)))
                                                : policy->choose(state, player, legal);
                state.apply(player, legal[index]);
            });
            ++steps;
        }
        if (state.over()) return {search_returns(state), steps};
        if constexpr (Short && Evaluates<State>)
            if (auto estimate = evaluate(state)) return {*estimate, steps};
        Returns<State> even;
        even.fill(0.5);  // 1/2 each, whatever the number of players, as Python's cut rollout
        return {even, steps};
    }

    // The paired search (IsmctsBot._paired_choice): every sweep deals one state and plays every
    // action still running in it, each followed by a rollout with the same seeds; the policy's
    // pick stands unless another beats it by `margin` standard errors of the paired difference.
    int paired_choice(const State &state, int player, const Legal &legal, int hint, std::optional<long> limit,
                      Clock::time_point deadline) {
        int count = count_of(legal);
        int base = hint >= 0 ? hint : 0;
        std::vector<std::vector<double>> earned(static_cast<std::size_t>(count));
        std::vector<int> running(static_cast<std::size_t>(count));
        for (int i = 0; i < count; ++i) running[i] = i;
        int rounds = s_.halving ? std::max(1, static_cast<int>(std::ceil(std::log2(static_cast<double>(count))))) : 1;
        long done = 0, steps = 0, sweeps = 0;
        bool spent = false;
        for (int round = 0; round < rounds; ++round) {
            if (round) running = better_half(running, earned, base);
            std::optional<long> share;
            if (limit) share = *limit * (round + 1) / rounds;
            while (!spent && (done == 0 || ((!share || done < *share) && steps < s_.max_steps &&
                                            (!s_.seconds || Clock::now() < deadline)))) {
                if (s_.prune && sweeps && sweeps % PRUNE_EVERY == 0) {
                    running = pruned(running, earned, base);
                    if (running.size() == 1 && running[0] == base) break;
                }
                ++sweeps;
                State deal = state.sample_hidden(player, rng_);
                uint64_t seed = rng_.next_u64();
                for (int action : running) {
                    if (done && (steps >= s_.max_steps || (s_.seconds && Clock::now() >= deadline))) {
                        spent = true;  // mid-sweep: a list of thousands must not overrun
                        break;
                    }
                    State played = deal;
                    played.apply(player, legal[action]);
                    std::unique_ptr<Seat<State>> policy = factory_ ? factory_(seed) : nullptr;
                    Rng luck(seed);
                    auto [returns, rolled] = rollout(played, std::max(s_.max_steps - steps, 1L), policy.get(), luck, player);
                    earned[action].push_back(returns[player]);
                    steps += rolled + 1;
                    ++done;
                }
            }
        }
        last_iterations_ = done;
        if (spent) {  // the cut sweep's results are dropped: each action keeps the common deals
            std::size_t complete = earned[running[0]].size();
            for (int action : running) complete = std::min(complete, earned[action].size());
            for (int action : running) earned[action].resize(complete);
        }
        int best = base;
        double best_gain = 0.0;
        for (int action : running) {
            if (action == base || earned[action].size() < 2) continue;
            auto [mean, error] = paired_gain(earned[action], earned[base]);
            if (mean > best_gain && mean > s_.margin * error) {
                best = action;
                best_gain = mean;
            }
        }
        return best;
    }

    std::vector<int> pruned(const std::vector<int> &running, const std::vector<std::vector<double>> &earned,
                            int base) const {
        std::vector<int> kept;
        for (int action : running) {
            if (action != base) {
                auto [mean, error] = paired_gain(earned[action], earned[base]);
                if (mean < -*s_.prune * error) continue;
            }
            kept.push_back(action);
        }
        return kept;
    }

    // The half of `running` with the best sums (ties in the order of the legal actions), and `base`.
    static std::vector<int> better_half(const std::vector<int> &running, const std::vector<std::vector<double>> &earned,
                                        int base) {
        std::vector<std::pair<double, int>> ranked;
        for (int action : running) ranked.emplace_back(-sum(earned[action]), action);
        std::stable_sort(ranked.begin(), ranked.end(),
                         [](const auto &a, const auto &b) { return a.first < b.first; });
        std::vector<bool> kept(earned.size(), false);
        for (std::size_t i = 0; i < (ranked.size() + 1) / 2; ++i) kept[ranked[i].second] = true;
        kept[base] = true;
        std::vector<int> out;
        for (int action : running)
            if (kept[action]) out.push_back(action);
        return out;
    }

    static double sum(const std::vector<double> &values) {  // left to right, as Python 3.11's sum
        double total = 0.0;
        for (double value : values) total += value;
        return total;
    }

    // The mean of the paired differences mine - theirs and its standard error (_paired_gain).
    static std::pair<double, double> paired_gain(const std::vector<double> &mine, const std::vector<double> &theirs) {
        std::size_t count = mine.size();
        std::vector<double> diffs(count);
        for (std::size_t i = 0; i < count; ++i) diffs[i] = mine[i] - theirs[i];
        double mean = sum(diffs) / static_cast<double>(count);
        double squares = 0.0;
        for (double d : diffs) squares += std::pow(d - mean, 2.0);  // Python's ** 2
        return {mean, std::sqrt(squares / static_cast<double>(count - 1) / static_cast<double>(count))};
    }

    IsmctsSettings s_;
    Rng rng_;
    Factory factory_;
    std::unique_ptr<Seat<State>> policy_;
    std::vector<Node> nodes_;
    int root_ = 0;  // the root's node: 0, or the subtree kept from the decision before
    struct Kept {  // what IsmctsBot._kept holds: the player, the moves made, a deal after the move, the subtree
        int player;
        int moves;
        State view;
        int node;
    };
    std::optional<Kept> kept_;
    long reused_ = 0;
    std::vector<Step> path_;
    std::vector<int> edges_, untried_;
    std::vector<std::pair<uint64_t, int>> by_id_;  // see index_legal
    Legal legal_;  // the legal list filled in place, for the games that can (see with_legal)
    long last_iterations_ = 0;
};

}  // namespace cardtable
