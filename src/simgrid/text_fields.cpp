#include "text_fields.hpp"

#include <cstdio>
#include <sstream>

#include "redist/core/error.hpp"

namespace redist::simgrid::detail {

namespace {

std::string number_text(double v) {
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.17g", v);
  return buffer;
}

}  // namespace

TextWriter& TextWriter::put(const std::string& key, double value) { return put_list(key, {value}); }

TextWriter& TextWriter::put_list(const std::string& key, const std::vector<double>& values) {
  text_ += key;
  for (double v : values) {
    text_ += ' ';
    text_ += number_text(v);
  }
  text_ += "\n";
  return *this;
}

TextReader::TextReader(const std::string& text) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    std::istringstream fields(line);
    std::pair<std::string, std::vector<double>> entry;
    fields >> entry.first;
    for (std::string word; fields >> word;)
      entry.second.push_back(std::strtod(word.c_str(), nullptr));
    if (!entry.first.empty()) lines_.push_back(std::move(entry));
  }
}

double TextReader::number(const std::string& key) const {
  for (const auto& [name, values] : lines_)
    if (name == key && !values.empty()) return values.front();
  throw InternalError("simulation result lacks the field '" + key + "'");
}

std::vector<double> TextReader::list(const std::string& key) const {
  for (const auto& [name, values] : lines_)
    if (name == key) return values;
  return {};
}

std::vector<std::vector<double>> TextReader::lines(const std::string& key) const {
  std::vector<std::vector<double>> out;
  for (const auto& [name, values] : lines_)
    if (name == key) out.push_back(values);
  return out;
}

}  // namespace redist::simgrid::detail
