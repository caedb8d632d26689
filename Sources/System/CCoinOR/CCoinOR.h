// COIN-OR's C interfaces (Debian: coinor-libclp-dev, coinor-libcbc-dev): the declarations
// PlannerSolver's function types follow. The libraries are opened with dlopen (see COINLibrary).
// Debian builds CoinUtils with 32-bit element indices; the C headers use the type undeclared.
typedef int CoinBigIndex;
#include <coin/Clp_C_Interface.h>
#include <coin/Cbc_C_Interface.h>
