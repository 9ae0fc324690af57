#include "cli/signal_watcher.h"

#include <pthread.h>

#include <utility>

namespace ordo::cli {

SignalWatcher::SignalWatcher() {
  sigemptyset(&set_);
  sigaddset(&set_, SIGINT);
  sigaddset(&set_, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &set_, &old_mask_);
}

void SignalWatcher::start(std::function<void(int)> on_signal) {
  thread_ = std::thread([this, on_signal = std::move(on_signal)] {
    int signal_number = 0;
    sigwait(&set_, &signal_number);
    fired_ = true;
    if (!closing_) on_signal(signal_number);
  });
}

void SignalWatcher::stop() {
  if (!thread_.joinable()) return;
  closing_ = true;
  // The wake-up is a SIGTERM to that thread alone, where it is blocked and awaited.
  if (!fired_) pthread_kill(thread_.native_handle(), SIGTERM);
  thread_.join();
}

SignalWatcher::~SignalWatcher() {
  stop();
  pthread_sigmask(SIG_SETMASK, &old_mask_, nullptr);
}

}  // namespace ordo::cli
