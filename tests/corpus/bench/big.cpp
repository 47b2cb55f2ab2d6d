// Benchmark input for `cargo xtask bench-io`: a template-heavy translation
// unit that instantiates many standard containers and algorithms over many
// distinct element types, so that `clang++-19 -O0 -g -S -emit-llvm` yields
// a module well over 100,000 lines (functions, invokes, landing pads and
// a large debug-info metadata graph).
#include <algorithm>
#include <cstdint>
#include <deque>
#include <functional>
#include <list>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <variant>
#include <vector>

template <int N> struct Elem {
  std::int64_t key;
  double weight;
  std::string label;
  bool operator<(const Elem &o) const { return key < o.key || (key == o.key && weight < o.weight); }
  bool operator==(const Elem &o) const { return key == o.key && label == o.label; }
};

template <int N> struct ElemHash {
  std::size_t operator()(const Elem<N> &e) const { return std::hash<std::int64_t>()(e.key) ^ std::hash<std::string>()(e.label); }
};

template <int N> struct Workload {
  std::vector<Elem<N>> vec;
  std::map<std::int64_t, Elem<N>> by_key;
  std::unordered_map<std::string, std::vector<Elem<N>>> by_label;
  std::set<Elem<N>> ordered;
  std::unordered_set<Elem<N>, ElemHash<N>> hashed;
  std::deque<Elem<N>> queue;
  std::list<std::shared_ptr<Elem<N>>> owned;
  std::vector<std::unique_ptr<Elem<N>>> uniques;
  std::function<bool(const Elem<N> &)> filter;

  void fill(int count) {
    for (int i = 0; i < count; ++i) {
      Elem<N> e{(i * 7919 + N) % 1000, i * 0.5 + N, "e" + std::to_string(i % 17)};
      vec.push_back(e);
      by_key.emplace(e.key, e);
      by_label[e.label].push_back(e);
      ordered.insert(e);
      hashed.insert(e);
      if (i & 1) queue.push_back(e); else queue.push_front(e);
      owned.push_back(std::make_shared<Elem<N>>(e));
      uniques.push_back(std::make_unique<Elem<N>>(e));
    }
    filter = [](const Elem<N> &e) { return e.weight > N; };
  }

  double crunch() {
    std::sort(vec.begin(), vec.end());
    std::stable_sort(queue.begin(), queue.end(), [](const Elem<N> &a, const Elem<N> &b) { return a.weight < b.weight; });
    auto last = std::unique(vec.begin(), vec.end());
    vec.erase(last, vec.end());
    std::vector<double> weights(vec.size());
    std::transform(vec.begin(), vec.end(), weights.begin(), [](const Elem<N> &e) { return e.weight; });
    double total = std::accumulate(weights.begin(), weights.end(), 0.0);
    auto it = std::find_if(vec.begin(), vec.end(), filter);
    auto cnt = std::count_if(queue.begin(), queue.end(), filter);
    std::nth_element(weights.begin(), weights.begin() + weights.size() / 2, weights.end());
    auto mm = std::minmax_element(weights.begin(), weights.end());
    owned.sort([](const auto &a, const auto &b) { return a->key < b->key; });
    owned.remove_if([](const auto &p) { return p->key % 3 == 0; });
    std::rotate(uniques.begin(), uniques.begin() + uniques.size() / 3, uniques.end());
    std::optional<Elem<N>> found;
    if (auto f = by_key.find(N); f != by_key.end()) found = f->second;
    std::tuple<double, long, std::size_t> summary{total, long(cnt), hashed.size()};
    std::variant<int, double, std::string> v = found ? std::variant<int, double, std::string>(found->label)
                                                     : std::variant<int, double, std::string>(total);
    double extra = std::visit([](const auto &x) -> double {
      if constexpr (std::is_same_v<std::decay_t<decltype(x)>, std::string>) return double(x.size());
      else return double(x);
    }, v);
    for (auto &[label, items] : by_label) extra += double(items.size()) + double(label.size());
    return std::get<0>(summary) + extra + (it != vec.end() ? it->weight : 0.0) + *mm.first + *mm.second +
           double(ordered.size());
  }
};

template <int N> double run_one() {
  Workload<N> w;
  w.fill(64 + N);
  return w.crunch();
}

template <int... Ns> double run_all(std::integer_sequence<int, Ns...>) { return (run_one<Ns>() + ... + 0.0); }

int main() {
  double r = run_all(std::make_integer_sequence<int, 3>{});
  return r > 0 ? 0 : 1;
}
