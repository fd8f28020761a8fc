// The Patriarch family (The Patriarch, Advanced Patriarch, The Matriarch, Advanced Matriarch, for
// 2 to 8 players), natively: the rules of games/patriarch/rules.py, step for step, on the same
// families in the same order and the same generator, so a seed and a list of moves give the same
// match in both engines. The Python modules are the statement of the rules; every function here
// names the one it mirrors.
#pragma once
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "rng.hpp"

namespace cardtable::patriarch {

constexpr int MAX_CARDS = 8;    // options.MAX_SHAPE: positions in a shape at most
constexpr int MAX_PLAYERS = 8;  // options.validate: 2 to 8 players
constexpr int QUEUE_LIMIT = 2;  // rules.QUEUE_LIMIT: entries one player may have in the queue
constexpr int8_t ROOT = -1;     // trees.ROOT: the parent entry of the top card

// An action: the index of a family in the variant's sorted list (a guess, or the owner's
// secret), or WAIT.
using Action = int32_t;
constexpr Action WAIT = -1;

enum Variant : uint8_t { PATRIARCH, ADVANCED_PATRIARCH, MATRIARCH, ADVANCED_MATRIARCH };
enum Deal : uint8_t { DEAL_VARIANT, DEAL_RANDOM, DEAL_CHOOSE };
enum Phase : uint8_t { CHOOSE, GUESS, OVER };

using Parents = std::array<int8_t, MAX_CARDS>;  // the first `n` entries are the family

// options.TWO_LINEAGES and LONG_LINEAGES: the Patriarch variants' fixed shapes.
inline const std::vector<int> TWO_LINEAGES = {0, 1, 1, 2, 3};
inline const std::vector<int> LONG_LINEAGES = {0, 1, 1, 2, 3, 4, 5};

struct Space;

// options.Options: every option, by its Python name (`games` 0 is None, one full rotation).
struct Options {
    Variant variant = PATRIARCH;
    int players = 2;
    std::vector<int> shape;  // empty keeps the variant's shape
    bool per_card_feedback = false;
    int max_guesses = 4;
    Deal deal = DEAL_VARIANT;
    bool repeat_guesses = false;
    int games = 0;
    const Space *space = nullptr;  // the families of these options, found once (Space::of)

    bool fixed() const { return !shape.empty() || variant == PATRIARCH || variant == ADVANCED_PATRIARCH; }
    std::vector<int> fixed_shape() const {
        if (!shape.empty()) return shape;
        return variant == PATRIARCH ? TWO_LINEAGES : LONG_LINEAGES;
    }
    int cards() const {
        if (!shape.empty()) return static_cast<int>(shape.size());
        return variant == PATRIARCH || variant == MATRIARCH ? 5 : 7;
    }
    int max_generations() const { return variant == PATRIARCH || variant == MATRIARCH ? 3 : 4; }
    bool owner_chooses() const { return deal == DEAL_VARIANT ? !fixed() : deal == DEAL_CHOOSE; }
    int match_games() const { return games ? games : players; }
};

// options.check_template: why a parent-index template is not a single-root tree, or "".
inline std::string check_template(const std::vector<int> &shape) {
    int n = static_cast<int>(shape.size());
    if (n < 2 || n > MAX_CARDS)
        return "a shape has 2 to " + std::to_string(MAX_CARDS) + " positions, not " + std::to_string(n);
    int roots = 0, root = -1;
    for (int i = 0; i < n; ++i)
        if (shape[i] == 0) ++roots, root = i;
    if (roots != 1) return "a shape has exactly one root (entry 0), not " + std::to_string(roots);
    for (int i = 0; i < n; ++i)
        if (shape[i] < 0 || shape[i] > n || shape[i] == i + 1)
            return "entry " + std::to_string(i + 1) + " of the shape names no other position: " +
                   std::to_string(shape[i]);
    for (int start = 0; start < n; ++start) {
        int position = start, steps = 0;
        while (position != root) {
            if (++steps > n) return "the shape has a cycle";
            position = shape[position] - 1;
        }
    }
    return "";
}

// options.validate, as a message ("" when the options are valid).
inline std::string problem(const Options &options) {
    if (options.players < 2 || options.players > MAX_PLAYERS)
        return "players must be 2 to 8, not " + std::to_string(options.players);
    if (options.max_guesses < 1)
        return "max_guesses must be at least 1, not " + std::to_string(options.max_guesses);
    if (!options.shape.empty()) {
        if (options.variant == MATRIARCH || options.variant == ADVANCED_MATRIARCH)
            return "shape replaces the fixed shape of a Patriarch variant; the Matriarch variants "
                   "allow every shape";
        std::string why = check_template(options.shape);
        if (!why.empty()) return "shape: " + why;
    }
    return "";
}

// Every legal family of a variant, in trees.legal_trees's sorted order, with its notation and
// its parents and generations packed four bits a card (grading.TreeSpace), shared by every state
// of those options and never changed once made.
struct Space {
    int n = 0;
    std::vector<Parents> trees;
    std::vector<std::string> texts;
    std::vector<uint32_t> parents, gens;  // "no parent" is n, so two roots have the same parent

    int size() const { return static_cast<int>(trees.size()); }

    // grading.grade as TreeSpace.code_of packs it: the counts (red, black, face-down) as
    // R*(n+1)**2 + B*(n+1) + F or, with per-card feedback, each card's mark as a base-4 digit
    // (0 none, 1 face-down, 2 black, 3 red).
    int grade_code(int secret, int guess, bool per_card) const {
        uint32_t low = 0;
        for (int card = 0; card < n; ++card) low |= 1u << (4 * card);
        uint32_t same_parent = agree(parents[secret], parents[guess], low);
        uint32_t same_gen = agree(gens[secret], gens[guess], low);
        if (per_card) {
            int code = 0;
            for (int card = 0; card < n; ++card)
                code |= static_cast<int>((((same_gen >> (4 * card)) & 1) << 1) | ((same_parent >> (4 * card)) & 1))
                        << (2 * card);
            return code;
        }
        int n1 = n + 1, red = std::popcount(same_parent & same_gen);
        int black = std::popcount(same_gen) - red, face_down = std::popcount(same_parent) - red;
        return red * n1 * n1 + black * n1 + face_down;
    }

    // The space of `options`, made on first use (Advanced Matriarch's 46,249 families take a
    // moment) and kept for the life of the process.
    static const Space &of(const Options &options) {
        static std::mutex lock;
        static std::map<std::vector<int>, std::unique_ptr<Space>> made;
        std::vector<int> key = options.fixed() ? options.fixed_shape()
                                               : std::vector<int>{-options.cards(), -options.max_generations()};
        std::lock_guard<std::mutex> guard(lock);
        auto &space = made[key];
        if (!space) {
            space = std::make_unique<Space>();
            space->n = options.cards();
            space->trees = options.fixed() ? labellings(key) : all_trees(options.cards(), options.max_generations());
            space->pack();
        }
        return *space;
    }

private:
    static uint32_t agree(uint32_t a, uint32_t b, uint32_t low) {
        uint32_t diff = a ^ b;
        diff |= diff >> 1;
        diff |= diff >> 2;
        return (diff & low) ^ low;  // bit 4c set where card c agrees
    }

    // trees.generations: the root is generation 1, its children 2, and so on (0 past the
    // generation limit `most`, or in a cycle).
    static int generations(const Parents &tree, int n, int most, int *gens) {
        int deepest = 0;
        for (int card = 0; card < n; ++card) {
            int depth = 1, at = card;
            while (tree[at] != ROOT && depth <= most) at = tree[at], ++depth;
            if (depth > most) return 0;
            gens[card] = depth;
            deepest = std::max(deepest, depth);
        }
        return deepest;
    }

    // trees.labellings: every distinct family with the given shape (a parent-index template
    // over positions 1..n), sorted.
    static std::vector<Parents> labellings(const std::vector<int> &shape) {
        int n = static_cast<int>(shape.size());
        std::array<int, MAX_CARDS> cards{};
        for (int i = 0; i < n; ++i) cards[i] = i;
        std::vector<Parents> found;
        do {
            Parents tree{};
            for (int position = 0; position < n; ++position)
                tree[cards[position]] = shape[position] ? static_cast<int8_t>(cards[shape[position] - 1]) : ROOT;
            found.push_back(tree);
        } while (std::next_permutation(cards.begin(), cards.begin() + n));
        return sorted_unique(found, n);
    }

    // trees.all_trees: every labelled single-root family of n cards with at most `most`
    // generations, sorted: every parent map with one root, no cycle and no card too deep.
    static std::vector<Parents> all_trees(int n, int most) {
        std::vector<Parents> found;
        Parents tree{};
        std::array<int, MAX_CARDS> gens{};
        long total = 1;
        for (int card = 0; card < n; ++card) total *= n + 1;
        for (long code = 0; code < total; ++code) {
            long rest = code;
            int roots = 0;
            for (int card = 0; card < n; ++card, rest /= n + 1) {
                tree[card] = static_cast<int8_t>(rest % (n + 1) - 1);
                if (tree[card] == card) roots = 2;  // its own parent: no tree
                roots += tree[card] == ROOT;
            }
            if (roots == 1 && generations(tree, n, most, gens.data())) found.push_back(tree);
        }
        return sorted_unique(found, n);
    }

    static std::vector<Parents> sorted_unique(std::vector<Parents> trees, int n) {
        auto less = [n](const Parents &a, const Parents &b) {
            return std::lexicographical_compare(a.begin(), a.begin() + n, b.begin(), b.begin() + n);
        };
        std::sort(trees.begin(), trees.end(), less);
        trees.erase(std::unique(trees.begin(), trees.end()), trees.end());
        return trees;
    }

    // trees.to_text: the top card, then its children in rank order in brackets.
    static std::string text_of(const Parents &tree, int n, int card) {
        static const char *const LABELS[] = {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"};
        std::string text = LABELS[card];
        bool first = true;
        for (int child = 0; child < n; ++child)
            if (tree[child] == card) {
                text += first ? "(" : " ";
                text += text_of(tree, n, child);
                first = false;
            }
        return first ? text : text + ")";
    }

    void pack() {
        std::array<int, MAX_CARDS> depth{};
        for (const Parents &tree : trees) {
            generations(tree, n, n, depth.data());
            uint32_t packed_parents = 0, packed_gens = 0;
            for (int card = 0; card < n; ++card) {
                packed_parents |= static_cast<uint32_t>(tree[card] == ROOT ? n : tree[card]) << (4 * card);
                packed_gens |= static_cast<uint32_t>(depth[card]) << (4 * card);
            }
            parents.push_back(packed_parents);
            gens.push_back(packed_gens);
            int root = static_cast<int>(std::find(tree.begin(), tree.begin() + n, ROOT) - tree.begin());
            texts.push_back(text_of(tree, n, root));
        }
    }
};

// rules.legal_actions: every family not yet spent, in tree order, then WAIT if it is allowed.
// The families are counted, not listed (Advanced Matriarch has 46,249): `legal[i]` skips the
// spent ones, which are few.
struct Legal {
    int families = 0;
    bool wait = false;
    std::vector<int> spent;  // sorted, each once

    int count() const { return families - static_cast<int>(spent.size()) + wait; }
    Action operator[](int index) const {
        if (wait && index == count() - 1) return WAIT;
        for (int gone : spent) {
            if (gone > index) break;
            ++index;
        }
        return index;
    }
};

// board.GradedGuess (the grade as its code, see Space::grade_code), QueuedGuess, PastGame.
struct Graded {
    int player, family, code;
    bool operator==(const Graded &) const = default;
};
struct Queued {
    int player, family;
    bool operator==(const Queued &) const = default;
};
struct Past {
    int owner, secret, winner, guesses;
    bool operator==(const Past &) const = default;
};

// grading.TreeSpace.consistent: the families, in tree order, that give every graded guess its
// grade (grading is symmetric, so a family's grade of a guess is the guess's grade of it).
inline std::vector<int> consistent(const Space &space, const std::vector<Graded> &graded, bool per_card) {
    std::vector<int> alive;
    for (int family = 0; family < space.size(); ++family) {
        bool fits = true;
        for (const Graded &guess : graded)
            if (space.grade_code(family, guess.family, per_card) != guess.code) {
                fits = false;
                break;
            }
        if (fits) alive.push_back(family);
    }
    return alive;
}

class State {
public:
    // Game.new_state: the first game dealt (or awaited from the owner).
    State(const Options &options, uint64_t seed)
        : options_(options), space_(options.space ? options.space : &Space::of(options)), rng_(seed) {
        options_.space = space_;
        start_game();
    }

    bool over() const { return phase_ == OVER; }
    Phase phase() const { return phase_; }
    int moves() const { return moves_; }
    int players() const { return options_.players; }
    const Options &options() const { return options_; }
    const Space &space() const { return *space_; }
    // What every seat sees once laid out; the secret only its owner (and -1 before it is made).
    int secret() const { return secret_; }
    const std::vector<Graded> &graded() const { return graded_; }
    const std::vector<Queued> &queue() const { return queue_; }
    const std::vector<Past> &past() const { return past_; }
    const std::array<int, MAX_PLAYERS> &tally() const { return tally_; }

    // rules.owner: seat 0 first, then rotating to the left.
    int owner() const {
        int games = std::min(static_cast<int>(past_.size()), options_.match_games() - 1);
        return games % options_.players;
    }

    // rules.to_act: one seat at most, -1 when nobody acts (the match is over).
    int to_act() const {
        if (phase_ == CHOOSE) return owner();
        if (phase_ == GUESS) return turn_;
        return -1;
    }

    Legal legal(int player) const {
        Legal out;
        if (player != to_act() || player < 0) return out;
        out.families = space_->size();
        if (phase_ == GUESS) {
            if (!options_.repeat_guesses) out.spent = spent_;
            out.wait = !queue_.empty();
        }
        return out;
    }

    // State.act without events: one legal action of `player`.
    void apply(int player, Action action) {
        ++moves_;
        if (action == WAIT) {
            advance(player);
            return;
        }
        if (phase_ == CHOOSE) {  // rules.lay_out: the owner's secret
            secret_ = action;
            phase_ = GUESS;
            advance(-1);
            return;
        }
        queue_.push_back({player, action});
        ++queued_[player];
        advance(player);
    }

    // view.redeal_secret, for State.sample_hidden: a state `player` cannot tell from this one, with
    // a fresh generator and, for a guesser while guesses are made, a secret drawn among the
    // families consistent with every grade (whose grades are then the same).
    State sample_hidden(int player, Rng &rng) const {
        State sample(*this);
        sample.rng_ = Rng(rng.next_u64());
        if (phase_ == GUESS && player != owner()) {
            std::vector<int> alive = consistent(*space_, graded_, options_.per_card_feedback);
            sample.secret_ = alive[rng.below(static_cast<uint32_t>(alive.size()))];
        }
        return sample;
    }

    // Whether `player` sees the same in this state and `other` (view.view_body and the envelope's
    // seats to act, phase and result): true exactly when the two views compare equal, for two
    // states that share their public history (deals of one decision and the real state, after
    // the same move; the search compares no others). Everything is public but the secret, which
    // only the owner sees while the match goes on; what a view shows besides (each card's marks,
    // a past game's guesses, the guesses left) follows from the secrets and grades compared here
    // and that history.
    bool same_view(const State &other, int player) const {
        if (phase_ != other.phase_ || turn_ != other.turn_ || graded_ != other.graded_ || queue_ != other.queue_ ||
            past_ != other.past_ || tally_ != other.tally_)
            return false;
        return player != owner() || phase_ == OVER || secret_ == other.secret_;
    }

    // For the search (ismcts.hpp): a number that tells the actions apart (WAIT, -1, is 0). A
    // member, since an action is a plain number, which leads the search to no namespace.
    static uint64_t search_key(Action action) { return static_cast<uint64_t>(action + 1); }

    // rules.guesses_used: graded and queued guesses of `player` in this game.
    int guesses_used(int player) const { return graded_by_[player] + queued_[player]; }

    // rules.result as numbers: games won by each seat, then the winner (-1 when the top score
    // is shared).
    std::vector<int> outcome() const {
        std::vector<int> out(tally_.begin(), tally_.begin() + options_.players);
        int best = *std::max_element(out.begin(), out.end());
        int leaders = static_cast<int>(std::count(out.begin(), out.end(), best));
        out.push_back(leaders == 1 ? static_cast<int>(std::find(out.begin(), out.end(), best) - out.begin()) : -1);
        return out;
    }

private:
    // rules._has_room: a suit left and room in the queue.
    bool has_room(int player) const {
        return queued_[player] < QUEUE_LIMIT && graded_by_[player] + queued_[player] < options_.max_guesses;
    }

    // rules._next_guesser: the first guesser after `after` in this pass (from the owner's left
    // when -1) with room to lay out a family, or -1 when the pass is over.
    int next_guesser(int after) const {
        int players = options_.players, first = owner();
        int k = after < 0 ? 1 : (after - first + players) % players + 1;
        for (; k < players; ++k)
            if (has_room((first + k) % players)) return (first + k) % players;
        return -1;
    }

    // rules._advance: give the next guesser of this pass a chance; at the end of a pass, grade
    // the front of the queue (the first all-red grade wins the game).
    void advance(int after) {
        while (true) {
            int following = next_guesser(after);
            if (following >= 0) {
                turn_ = following;
                return;
            }
            if (queue_.empty()) {
                finish_game(owner());
                return;
            }
            Queued front = queue_.front();
            queue_.erase(queue_.begin());
            --queued_[front.player];
            graded_.push_back({front.player, front.family,
                               space_->grade_code(secret_, front.family, options_.per_card_feedback)});
            ++graded_by_[front.player];
            auto at = std::lower_bound(spent_.begin(), spent_.end(), front.family);
            if (at == spent_.end() || *at != front.family) spent_.insert(at, front.family);
            if (front.family == secret_) {  // all red: the same parents, card for card
                finish_game(front.player);
                return;
            }
            after = -1;
        }
    }

    // rules._finish_game: end the game won by `winner`, then start the next or end the match.
    void finish_game(int winner) {
        past_.push_back({owner(), secret_, winner, static_cast<int>(graded_.size())});
        ++tally_[winner];
        turn_ = -1;
        queue_.clear();
        queued_.fill(0);
        if (static_cast<int>(past_.size()) >= options_.match_games()) {
            phase_ = OVER;
            return;
        }
        start_game();
    }

    // rules.start_game: a fresh secret, dealt, or awaited from the new owner.
    void start_game() {
        graded_.clear();
        queue_.clear();
        spent_.clear();
        graded_by_.fill(0);
        queued_.fill(0);
        if (options_.owner_chooses()) {
            phase_ = CHOOSE;
            secret_ = -1;
            turn_ = -1;
            return;
        }
        secret_ = static_cast<int>(rng_.below(static_cast<uint32_t>(space_->size())));
        phase_ = GUESS;
        advance(-1);
    }

    Options options_;
    const Space *space_;
    Rng rng_;
    int moves_ = 0;
    Phase phase_ = GUESS;
    int secret_ = -1;
    int turn_ = -1;
    std::vector<Graded> graded_;
    std::vector<Queued> queue_;
    std::vector<int> spent_;  // the families graded in this game, sorted, each once
    std::vector<Past> past_;
    std::array<int, MAX_PLAYERS> tally_{};
    std::array<int, MAX_PLAYERS> graded_by_{}, queued_{};
};

// For the search (ismcts.hpp): each seat's return as rules.result's Result.returns gives it (1
// the winner, 0 the others, 1/n each when the top score is shared), in an array as long as the
// most seats a match may have (State::search_key tells the actions apart).
inline std::array<double, MAX_PLAYERS> search_returns(const State &state) {
    int players = state.players();
    const std::array<int, MAX_PLAYERS> &tally = state.tally();
    int best = *std::max_element(tally.begin(), tally.begin() + players);
    bool shared = std::count(tally.begin(), tally.begin() + players, best) > 1;
    std::array<double, MAX_PLAYERS> returns{};
    for (int p = 0; p < players; ++p) returns[p] = shared ? 1.0 / players : tally[p] == best ? 1.0 : 0.0;
    return returns;
}

}  // namespace cardtable::patriarch
