/* Yices aborts in a check stopped by yices_stop_search (known-findings/README.md).
 * Each round: a fresh context, the QF_LIA formula of the .smt2 beside this file, and a
 * check that a SIGALRM handler on the checking thread stops after 0.4 s (the way Yices's
 * documentation suggests). A stop should end the check with STATUS_INTERRUPTED; about one
 * round in four aborts inside yices_check_context instead.
 *   cc -o stop-abort THIS.c -lyices && ./stop-abort      (exit 134: aborted) */
#include <signal.h>
#include <stdio.h>
#include <sys/time.h>
#include <yices.h>

static context_t *volatile checking;

static void on_alarm(int sig) {
  (void)sig;
  if (checking) yices_stop_search(checking);
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  yices_init();
  for (int i = 0; i < 10; i++) {
    char name[4];
    snprintf(name, sizeof name, "x%d", i);
    yices_set_term_name(yices_new_uninterpreted_term(yices_int_type()), name);
  }
  term_t f = yices_parse_term("(and (<= (+ (* 28 x3) (* (- 3) x1) (* (- 49) x3) (* 59 x4) (* 54 x3) (* (- 46) x4) (* 11 x4) (* 34 x3) (* 11 x0) (* 35 x5)) 23) (<= (+ (* 11 x2) (* 14 x4) (* (- 48) x8) (* (- 15) x4) (* (- 13) x7) (* (- 42) x8) (* 51 x7) (* (- 1) x3) (* 30 x3) (* 16 x3)) 55) (<= (+ (* 53 x5) (* 45 x6) (* 47 x1) (* (- 42) x0) (* 46 x3) (* 12 x7) (* 4 x3) (* 9 x6) (* (- 35) x6) (* (- 48) x5)) 39) (<= (+ (* 41 x2) (* (- 15) x8) (* (- 53) x9) (* 20 x3) (* (- 19) x6) (* 38 x8) (* 30 x5) (* 4 x2) (* 22 x0) (* (- 17) x6)) (- 18)) (<= (+ (* 20 x3) (* 50 x8) (* 50 x4) (* 15 x9) (* (- 11) x8) (* 39 x5) (* 6 x8) (* 20 x3) (* 0 x8) (* (- 38) x8)) (- 25)) (<= (+ (* 19 x5) (* (- 57) x9) (* (- 16) x9) (* 0 x8) (* 49 x2) (* 3 x8) (* 20 x9) (* 59 x8) (* 24 x3) (* 0 x9)) 35) (<= (+ (* 27 x7) (* 28 x0) (* 39 x2) (* (- 49) x9) (* (- 14) x6) (* 30 x4) (* (- 12) x9) (* (- 10) x5) (* (- 15) x7) (* (- 37) x0)) (- 13)) (<= (+ (* 46 x5) (* 45 x8) (* (- 45) x8) (* 33 x9) (* 30 x3) (* 49 x8) (* (- 45) x0) (* 22 x1) (* 19 x6) (* 17 x5)) 30) (<= (+ (* 45 x8) (* (- 36) x6) (* 24 x5) (* 25 x2) (* 59 x6) (* 59 x5) (* (- 50) x4) (* (- 43) x7) (* 1 x6) (* 56 x3)) 47) (<= (+ (* 5 x5) (* 41 x8) (* 48 x1) (* 30 x6) (* (- 37) x6) (* 34 x1) (* 9 x2) (* 56 x5) (* (- 34) x9) (* 57 x8)) 43))");
  ctx_config_t *cfg = yices_new_config();
  yices_default_config_for_logic(cfg, "QF_LIA");
  yices_set_config(cfg, "mode", "interactive");
  signal(SIGALRM, on_alarm);
  for (int round = 1; round <= 50; round++) {
    context_t *ctx = yices_new_context(cfg);
    yices_assert_formula(ctx, f);
    struct itimerval stop = {{0, 0}, {0, 400000}};
    checking = ctx;
    setitimer(ITIMER_REAL, &stop, NULL);
    smt_status_t status = yices_check_context(ctx, NULL);
    checking = NULL;
    printf("round %d: status %d\n", round, status);
    yices_free_context(ctx);
  }
  return 0;
}
