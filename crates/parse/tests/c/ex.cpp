#include <stdexcept>
#include <string>
#include <memory>
struct R { R(); ~R(); };
void may_throw(int);
int g(int x) noexcept { try { may_throw(x); } catch (...) { return -1; } return 0; }
int h(int x) { R r; std::string s = std::to_string(x); may_throw(s.size()); return s.size(); }
int k(int x) { try { try { may_throw(x); } catch (std::runtime_error &e) { throw std::logic_error(e.what()); } } catch (std::logic_error &) { return 1; } return 0; }
std::unique_ptr<int[]> mk(int n) { auto p = std::make_unique<int[]>(n); may_throw(n); return p; }
