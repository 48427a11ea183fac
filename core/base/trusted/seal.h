// Trusted: part of the checker library (core/<module>/trusted/, core/README.md, "The proof
// boundary"). Included only by files under trusted/ (tests/e2e/e2e_proof_boundary.py checks it).
//
// The key to accepting a certificate. CertificateVerdict::acceptance (certificate.h) takes a
// CheckerSeal by value, and certificate.h only declares the type: outside trusted/ the type is
// incomplete, so no code there can make one, copy one or call acceptance at all. Inside trusted/
// a checking function makes one with make_checker_seal(), the only maker, once it has accepted a
// certificate; a helper receives it as an argument. So an accepted CertificateVerdict (and with
// it every ProvedPeriod a `proved` verdict rests on) exists only where the checker library
// accepted a certificate.
#pragma once

namespace igv {

class CheckerSeal;
/// The one maker of a seal (used only under trusted/).
CheckerSeal make_checker_seal();

class CheckerSeal {
 public:
  CheckerSeal(const CheckerSeal&) = default;
  CheckerSeal& operator=(const CheckerSeal&) = default;

 private:
  CheckerSeal() = default;
  friend CheckerSeal make_checker_seal();
};

inline CheckerSeal make_checker_seal() {
  return CheckerSeal{};
}

}  // namespace igv
