#include "properties/base/schema.h"

#include <cmath>
#include <iomanip>
#include <set>
#include <sstream>

#include "core/base/game_family.h"
#include "core/base/trusted/errors.h"

namespace igv {

namespace field {
namespace {
Field make(std::string name, FieldKind kind, std::string meaning) {
  Field f;
  f.name = std::move(name);
  f.kind = kind;
  f.meaning = std::move(meaning);
  return f;
}
}  // namespace
Field integer(std::string name, std::string meaning) {
  return make(std::move(name), FieldKind::integer, std::move(meaning));
}
Field number(std::string name, std::string meaning) {
  return make(std::move(name), FieldKind::number, std::move(meaning));
}
Field boolean(std::string name, std::string meaning) {
  return make(std::move(name), FieldKind::boolean, std::move(meaning));
}
Field string(std::string name, std::string meaning) {
  return make(std::move(name), FieldKind::string, std::move(meaning));
}
Field choice(std::string name, std::vector<std::string> choices, std::string meaning) {
  Field f = make(std::move(name), FieldKind::choice, std::move(meaning));
  f.choices = std::move(choices);
  return f;
}
Field game(std::string name, std::string meaning) {
  return make(std::move(name), FieldKind::game, std::move(meaning));
}
Field list(std::string name, Field element, std::string meaning) {
  Field f = make(std::move(name), FieldKind::list, std::move(meaning));
  f.element = std::make_shared<Field>(std::move(element));
  return f;
}
Field object(std::string name, std::vector<Field> fields, std::string meaning) {
  Field f = make(std::move(name), FieldKind::object, std::move(meaning));
  f.fields = std::move(fields);
  return f;
}
Field any(std::string name, std::string meaning) {
  return make(std::move(name), FieldKind::any, std::move(meaning));
}
Field integers(std::string name, std::string meaning) {
  return list(std::move(name), integer("", ""), std::move(meaning));
}
Field table(std::string name, std::string meaning, bool dash) {
  Field cell = integer("", "");
  if (dash) cell.nullable = true;
  Field t = list(std::move(name), list("", cell, "a row"), std::move(meaning));
  t.rectangular = true;
  return t;
}
}  // namespace field

namespace {

std::string number_text(double v) {
  if (std::floor(v) == v && std::fabs(v) < 9.2e18) {
    return std::to_string(static_cast<std::int64_t>(v));
  }
  std::ostringstream os;
  os << v;
  return os.str();
}

std::string bounds_text(const Field& f) {
  if (f.min && f.max) return " in [" + number_text(*f.min) + ", " + number_text(*f.max) + "]";
  if (f.min) return " ≥ " + number_text(*f.min);
  if (f.max) return " ≤ " + number_text(*f.max);
  return "";
}

std::string join(const std::vector<std::string>& items, const std::string& sep) {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : sep) + s;
  return out;
}

std::string kind_of(const nlohmann::json& v) {
  if (v.is_null()) return "nothing";
  if (v.is_boolean()) return "a boolean";
  if (v.is_number_integer()) return "an integer";
  if (v.is_number()) return "a number";
  if (v.is_string()) return "a string";
  if (v.is_array()) return "a list";
  return "a table";
}

bool is_dash(const nlohmann::json& v) {
  return v.is_null() || (v.is_string() && v == "-");
}

}  // namespace

std::string Field::describe() const {
  std::string d;
  switch (kind) {
    case FieldKind::integer:
      d = "an integer" + bounds_text(*this);
      break;
    case FieldKind::number:
      d = "a number" + bounds_text(*this);
      break;
    case FieldKind::boolean:
      d = "true or false";
      break;
    case FieldKind::string:
      d = non_empty ? "a non-empty string" : "a string";
      break;
    case FieldKind::choice:
      d = "one of \"" + join(choices, "\", \"") + "\"";
      break;
    case FieldKind::game:
      d = "a game specification (see `verify games`)";
      break;
    case FieldKind::list: {
      d = "a list";
      if (min_items && max_items && *min_items == *max_items) {
        d += " of " + std::to_string(*min_items);
      } else if (min_items && *min_items > 0) {
        d += " of at least " + std::to_string(*min_items);
      }
      d += " (each " + element->describe() + ")";
      break;
    }
    case FieldKind::object: {
      std::vector<std::string> names;
      for (const auto& f : fields) names.push_back(f.name);
      d = "a table with keys " + join(names, ", ");
      break;
    }
    case FieldKind::any:
      d = "any value";
      break;
  }
  if (nullable) d += ", or \"-\" for a printed dash";
  return d;
}

std::string validate_field(const Field& f, const nlohmann::json& v, const std::string& path) {
  const auto fault = [&](const std::string& what) {
    return path + " must be " + f.describe() + ", got " + what;
  };
  if (f.nullable && is_dash(v)) return "";
  switch (f.kind) {
    case FieldKind::integer:
      if (!v.is_number_integer()) return fault(kind_of(v));
      if ((f.min && static_cast<double>(v.get<std::int64_t>()) < *f.min) ||
          (f.max && static_cast<double>(v.get<std::int64_t>()) > *f.max)) {
        return fault(v.dump());
      }
      return "";
    case FieldKind::number: {
      if (!v.is_number()) return fault(kind_of(v));
      const double x = v.get<double>();
      if (!std::isfinite(x) || (f.min && x < *f.min) || (f.max && x > *f.max)) {
        return fault(v.dump());
      }
      return "";
    }
    case FieldKind::boolean:
      return v.is_boolean() ? "" : fault(kind_of(v));
    case FieldKind::string:
      if (!v.is_string()) return fault(kind_of(v));
      if (f.non_empty && v.get<std::string>().empty()) return fault("an empty string");
      return "";
    case FieldKind::choice: {
      if (!v.is_string()) return fault(kind_of(v));
      const auto s = v.get<std::string>();
      for (const auto& c : f.choices) {
        if (c == s) return "";
      }
      return fault("\"" + s + "\"");
    }
    case FieldKind::game: {
      if (!v.is_string()) return fault(kind_of(v));
      try {
        (void)make_game(v.get<std::string>());
      } catch (const InputError& e) {
        return path + ": " + e.what();
      }
      return "";
    }
    case FieldKind::list: {
      if (!v.is_array()) return fault(kind_of(v));
      if ((f.min_items && v.size() < *f.min_items) || (f.max_items && v.size() > *f.max_items)) {
        return fault("a list of " + std::to_string(v.size()));
      }
      for (std::size_t i = 0; i < v.size(); ++i) {
        auto e = validate_field(*f.element, v[i], path + "[" + std::to_string(i) + "]");
        if (!e.empty()) return e;
        if (f.rectangular && i > 0 && v[i].is_array() && v[0].is_array() &&
            v[i].size() != v[0].size()) {
          return path + " must be a table whose rows have one length: row 0 has " +
                 std::to_string(v[0].size()) + " cells, row " + std::to_string(i) + " has " +
                 std::to_string(v[i].size());
        }
      }
      return "";
    }
    case FieldKind::object: {
      if (!v.is_object()) return fault(kind_of(v));
      std::vector<std::string> accepted;
      for (const auto& sub : f.fields) accepted.push_back(sub.name);
      for (const auto& [key, value] : v.items()) {
        const Field* sub = nullptr;
        for (const auto& s : f.fields) {
          if (s.name == key) sub = &s;
        }
        if (sub == nullptr) {
          return path + " has an unknown key '" + key + "' (accepted: " + join(accepted, ", ") +
                 ")";
        }
        auto e = validate_field(*sub, value, path + "." + key);
        if (!e.empty()) return e;
      }
      for (const auto& s : f.fields) {
        if (s.required && !v.contains(s.name)) {
          return path + " lacks the key '" + s.name + "' (" + s.meaning + ")";
        }
      }
      return "";
    }
    case FieldKind::any:
      return "";
  }
  return "";
}

const Field* CheckerSchema::param(std::string_view key) const {
  for (const auto& p : params) {
    if (p.name == key) return &p;
  }
  return nullptr;
}

std::string validate_claim_against(const CheckerSchema& schema, const nlohmann::json& params,
                                   const nlohmann::json& asserted) {
  std::vector<std::string> accepted;
  for (const auto& p : schema.params) accepted.push_back(p.name);
  const std::string accepted_text =
      accepted.empty() ? "this checker takes no parameters" : "accepted: " + join(accepted, ", ");
  if (!params.is_object()) return "params must be a table";
  for (const auto& [key, value] : params.items()) {
    const Field* p = schema.param(key);
    if (p == nullptr) return "unknown parameter '" + key + "' (" + accepted_text + ")";
    auto e = validate_field(*p, value, "parameter '" + key + "'");
    if (!e.empty()) return e;
  }
  for (const auto& p : schema.params) {
    if (p.required && !params.contains(p.name)) {
      return "lacks the required parameter '" + p.name + "' (" + p.meaning + "; " + accepted_text +
             ")";
    }
  }
  if (!schema.asserted) {
    if (!asserted.is_null()) {
      return "has an asserted value, but this checker decides a statement that takes none "
             "(see `verify checkers NAME`)";
    }
    return schema.validate ? schema.validate(params, asserted) : "";
  }
  if (asserted.is_null()) {
    return "lacks the asserted value (" + schema.asserted->describe() + ": " +
           schema.asserted->meaning + ")";
  }
  auto e = validate_field(*schema.asserted, asserted, "asserted");
  if (!e.empty() || !schema.validate) return e;
  return schema.validate(params, asserted);
}

std::string to_toml_value(const nlohmann::json& v) {
  if (v.is_object()) {
    std::string out = "{ ";
    bool first = true;
    for (const auto& [k, x] : v.items()) {
      out += (first ? "" : ", ") + k + " = " + to_toml_value(x);
      first = false;
    }
    return out + (first ? "}" : " }");
  }
  if (v.is_array()) {
    std::string out = "[";
    for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + to_toml_value(v[i]);
    return out + "]";
  }
  if (v.is_null()) return "\"-\"";
  return v.dump();  // strings, numbers and booleans are written alike in JSON and TOML
}

namespace {
void describe_fields(std::ostringstream& os, const std::vector<Field>& fields,
                     const std::string& indent) {
  for (const auto& f : fields) {
    os << indent << f.name << ": " << f.describe();
    if (f.required) {
      os << ", required";
    } else if (!f.default_value.is_null()) {
      os << ", default " << to_toml_value(f.default_value);
      if (f.scaled) os << " (scaled by --budget)";
    } else {
      os << ", optional";
    }
    os << "\n" << indent << "    " << f.meaning << "\n";
    if (f.kind == FieldKind::object) describe_fields(os, f.fields, indent + "  ");
  }
}
}  // namespace

std::string schema_text(const std::string& name, const std::string& description,
                        const CheckerSchema& schema) {
  std::ostringstream os;
  os << name << ": " << description << "\n\nestablishes: " << schema.establishes
     << "\n\nparameters (params = { … }):\n";
  if (schema.params.empty()) os << "  none\n";
  describe_fields(os, schema.params, "  ");
  os << "\nasserted: ";
  if (!schema.asserted) {
    os << "none (a claim with an asserted value does not load)\n";
  } else {
    os << schema.asserted->describe() << "\n    " << schema.asserted->meaning << "\n";
    if (schema.asserted->kind == FieldKind::object) {
      describe_fields(os, schema.asserted->fields, "  ");
    }
  }
  os << "\nexample claim:\n" << example_claim_toml(name, schema);
  return os.str();
}

std::string example_claim_toml(const std::string& name, const CheckerSchema& schema) {
  std::ostringstream os;
  os << "[[claim]]\n"
     << "id = \"example." << name << "\"\n"
     << "locator = \"§1\"\n"
     << "statement = \"" << schema.establishes << "\"\n"
     << "kind = \"example\"\n"
     << "checker = \"" << name << "\"\n"
     << "expected_verdict = \"undecided\"\n";
  if (!schema.example_params.empty()) {
    os << "params = " << to_toml_value(schema.example_params) << "\n";
  }
  if (!schema.example_asserted.is_null()) {
    os << "asserted = " << to_toml_value(schema.example_asserted) << "\n";
  }
  return os.str();
}

namespace {
nlohmann::json field_json(const Field& f) {
  nlohmann::json j = {{"kind", f.describe()}, {"meaning", f.meaning}, {"required", f.required}};
  if (!f.name.empty()) j["name"] = f.name;
  if (!f.default_value.is_null()) j["default"] = f.default_value;
  if (f.scaled) j["scaled_by_budget"] = true;
  if (!f.choices.empty()) j["choices"] = f.choices;
  if (f.kind == FieldKind::object) {
    j["fields"] = nlohmann::json::array();
    for (const auto& s : f.fields) j["fields"].push_back(field_json(s));
  }
  return j;
}
}  // namespace

nlohmann::json schema_json(const CheckerSchema& schema) {
  nlohmann::json j = {{"establishes", schema.establishes},
                      {"params", nlohmann::json::array()},
                      {"asserted", nullptr}};
  for (const auto& p : schema.params) j["params"].push_back(field_json(p));
  if (schema.asserted) j["asserted"] = field_json(*schema.asserted);
  return j;
}

}  // namespace igv
