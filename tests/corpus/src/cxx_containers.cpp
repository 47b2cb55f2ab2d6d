// The standard library at scale: vector, map, unordered_map, set, string,
// deque, list, memory (unique_ptr/shared_ptr), algorithm, functional,
// optional, variant, tuple; so the emitted module is large and full of
// linkonce_odr instantiations, invokes and landing pads.
#include <algorithm>
#include <cstdio>
#include <deque>
#include <functional>
#include <list>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <unordered_map>
#include <variant>
#include <vector>

struct Employee {
  std::string name;
  int age;
  double salary;
  std::vector<std::string> tags;
};

using Value = std::variant<int, double, std::string>;

std::string describe(const Value &v) {
  return std::visit(
      [](const auto &x) -> std::string {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, std::string>) return "str:" + x;
        else return "num:" + std::to_string(x);
      },
      v);
}

std::map<std::string, int> word_count(const std::string &text) {
  std::map<std::string, int> counts;
  std::istringstream in(text);
  std::string w;
  while (in >> w) {
    std::transform(w.begin(), w.end(), w.begin(), [](unsigned char c) { return std::tolower(c); });
    ++counts[w];
  }
  return counts;
}

std::optional<Employee> find_oldest(const std::vector<Employee> &es) {
  if (es.empty()) return std::nullopt;
  return *std::max_element(es.begin(), es.end(), [](const Employee &a, const Employee &b) { return a.age < b.age; });
}

struct Node {
  int value;
  std::vector<std::shared_ptr<Node>> children;
  std::weak_ptr<Node> parent;
};

int tree_sum(const std::shared_ptr<Node> &n) {
  int s = n->value;
  for (const auto &c : n->children) s += tree_sum(c);
  return s;
}

std::tuple<int, double, std::string> stats(const std::vector<int> &v) {
  double mean = v.empty() ? 0 : std::accumulate(v.begin(), v.end(), 0.0) / double(v.size());
  return {int(v.size()), mean, std::to_string(mean)};
}

template <typename K, typename V> std::vector<K> keys_sorted_by_value(const std::unordered_map<K, V> &m) {
  std::vector<std::pair<K, V>> items(m.begin(), m.end());
  std::stable_sort(items.begin(), items.end(), [](const auto &a, const auto &b) { return a.second > b.second; });
  std::vector<K> out;
  out.reserve(items.size());
  for (auto &[k, v] : items) out.push_back(k);
  return out;
}

int main() {
  std::vector<Employee> staff = {{"ada", 36, 5000.0, {"math", "engine"}},
                                 {"grace", 45, 7000.0, {"cobol"}},
                                 {"linus", 28, 4000.0, {}}};
  staff.push_back({"ken", 50, 6500.0, {"unix", "c"}});
  std::sort(staff.begin(), staff.end(), [](const Employee &a, const Employee &b) { return a.name < b.name; });
  auto oldest = find_oldest(staff);

  auto counts = word_count("the quick brown fox jumps over the lazy dog The End");
  std::unordered_map<std::string, int> uc(counts.begin(), counts.end());
  auto ranked = keys_sorted_by_value(uc);

  std::set<int> primes;
  for (int i = 2; i < 200; i++) {
    bool p = std::none_of(primes.begin(), primes.end(), [i](int q) { return i % q == 0; });
    if (p) primes.insert(i);
  }
  std::deque<int> dq;
  for (int p : primes) { if (p % 4 == 1) dq.push_front(p); else dq.push_back(p); }
  std::list<double> ls(dq.begin(), dq.end());
  ls.remove_if([](double d) { return d > 100; });
  ls.sort(std::greater<>());

  auto root = std::make_shared<Node>();
  root->value = 1;
  for (int i = 0; i < 4; i++) {
    auto c = std::make_shared<Node>();
    c->value = i * 10;
    c->parent = root;
    root->children.push_back(c);
  }
  std::unique_ptr<int[]> buf(new int[64]);
  std::fill_n(buf.get(), 64, 3);
  std::vector<int> nums(buf.get(), buf.get() + 64);
  std::partial_sum(nums.begin(), nums.end(), nums.begin());
  std::reverse(nums.begin(), nums.end());
  std::rotate(nums.begin(), nums.begin() + 5, nums.end());
  nums.erase(std::unique(nums.begin(), nums.end()), nums.end());
  auto [n, mean, text] = stats(nums);
  auto lb = std::lower_bound(primes.begin(), primes.end(), 50);

  std::vector<Value> values = {1, 2.5, std::string("three")};
  std::string all;
  for (const auto &v : values) all += describe(v) + ";";
  std::function<bool(int, int)> cmp = std::less<int>();
  std::printf("%s %zu %s %zu %zu %d %d %g %s %d %s %d\n", oldest ? oldest->name.c_str() : "-", counts.size(),
              ranked.empty() ? "" : ranked.front().c_str(), primes.size(), ls.size(), tree_sum(root), n, mean,
              text.c_str(), *lb, all.c_str(), cmp(1, 2));
  return 0;
}
