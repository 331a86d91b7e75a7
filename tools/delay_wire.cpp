// redist-delay-wire: one direction of an emulated link's latency and rate, in user space, for
// kernels without sch_netem (docs/netlab.md "Latency without netem").
//
//   redist-delay-wire --tun T --out DEV --peer-mac 02:..:.. --delay-ms D [--rate-mbit R]
//
// tools/netlab routes a namespace's packets for one link into the TUN device T instead of the
// link's veth DEV. This program reads each IP packet from T, serialises it at R Mbit/s behind the
// packets before it (its frame, Ethernet header included, occupies the link for bytes * 8 / R), holds
// it D milliseconds more, and then sends it out of DEV to the peer's MAC through a packet socket.
// That is what netem's `delay D rate R` does: a link with no burst, so that a message of m bytes
// costs D + m * 8 / R whatever its size (a token bucket lets its burst, about 1 ms of data, through
// at the veth's speed, which made few-KiB messages look faster than the link: BENCHMARKS.md
// "Start-up costs"). Without --rate-mbit only the delay is added and DEV's own qdisc shapes the
// rate. The order of packets is kept (departures only grow).
//
// Precision: the wire sleeps until the next packet is due (ppoll with a nanosecond timeout) and
// asks for real-time scheduling (SCHED_FIFO) so that a loaded machine delays it less; it prints
// `ready` once T is attached and then runs until it is killed (netlab kills every process of its
// namespaces at teardown). Packets are dropped, like a router's full queue, when more than
// --max-queue-mib are waiting or when the qdisc refuses them.
//
// Exit status: 2 on a bad argument or when T or DEV cannot be opened (one line on stderr).

#include <arpa/inet.h>
#include <fcntl.h>
#include <linux/if_packet.h>
#include <linux/if_tun.h>
#include <net/ethernet.h>
#include <net/if.h>
#include <poll.h>
#include <sched.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

struct WireOptions {
  std::string tun;
  std::string out;
  unsigned char peer_mac[6] = {};
  Clock::duration delay{};
  double rate_bits_per_second = 0;  // 0: no serialisation here (DEV's qdisc shapes the rate)
  std::size_t max_queue_bytes = std::size_t{64} << 20;
  bool queue_given = false;
};

struct HeldPacket {
  Clock::time_point due;
  std::vector<unsigned char> bytes;
};

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "redist-delay-wire: %s\n", what.c_str());
  std::exit(2);
}

void parse_mac(const std::string& text, unsigned char out[6]) {
  unsigned v[6];
  char tail = 0;
  if (std::sscanf(text.c_str(), "%x:%x:%x:%x:%x:%x%c", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5],
                  &tail) != 6)
    fail("--peer-mac: " + text + ": not a MAC address (xx:xx:xx:xx:xx:xx)");
  for (int i = 0; i < 6; ++i) {
    if (v[i] > 255) fail("--peer-mac: " + text + ": byte out of range");
    out[i] = static_cast<unsigned char>(v[i]);
  }
}

double parse_number(const std::string& flag, const char* text, double low, double high) {
  char* end = nullptr;
  errno = 0;
  const double value = std::strtod(text, &end);
  if (errno != 0 || end == text || *end != '\0' || !(value >= low && value <= high))
    fail(flag + ": " + text + ": must be a number in [" + std::to_string(low) + ", " +
         std::to_string(high) + "]");
  return value;
}

WireOptions parse(int argc, char** argv) {
  WireOptions o;
  bool have_mac = false, have_delay = false;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (i + 1 >= argc) fail(flag + ": needs a value");
    const char* value = argv[++i];
    if (flag == "--tun") {
      o.tun = value;
    } else if (flag == "--out") {
      o.out = value;
    } else if (flag == "--peer-mac") {
      parse_mac(value, o.peer_mac);
      have_mac = true;
    } else if (flag == "--delay-ms") {
      const double ms = parse_number(flag, value, 0.0, 10000.0);
      o.delay = std::chrono::duration_cast<Clock::duration>(
          std::chrono::duration<double, std::milli>(ms));
      have_delay = true;
    } else if (flag == "--rate-mbit") {
      o.rate_bits_per_second = parse_number(flag, value, 0.001, 1e6) * 1e6;
    } else if (flag == "--max-queue-mib") {
      o.max_queue_bytes =
          static_cast<std::size_t>(parse_number(flag, value, 1.0, 4096.0) * 1048576.0);
      o.queue_given = true;
    } else {
      fail(flag + ": unknown option");
    }
  }
  if (o.tun.empty() || o.out.empty() || !have_mac || !have_delay)
    fail(
        "usage: redist-delay-wire --tun T --out DEV --peer-mac MAC --delay-ms D [--rate-mbit R] "
        "[--max-queue-mib M]");
  if (o.tun.size() >= IFNAMSIZ || o.out.size() >= IFNAMSIZ)
    fail("interface names have at most 15 characters");
  // A shaped link queues half a second of its rate, as the token bucket it replaces did, so that
  // TCP meets a slow link rather than a bottomless buffer.
  if (o.rate_bits_per_second > 0 && !o.queue_given)
    o.max_queue_bytes = std::max<std::size_t>(
        std::size_t{1} << 20, static_cast<std::size_t>(o.rate_bits_per_second / 8 * 0.5));
  return o;
}

// Attaches to the TUN device (netlab created it persistent with `ip tuntap add`), non-blocking.
int open_tun(const std::string& name) {
  const int fd = open("/dev/net/tun", O_RDWR | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) fail("/dev/net/tun: " + std::string(std::strerror(errno)));
  ifreq ifr{};
  ifr.ifr_flags = IFF_TUN | IFF_NO_PI;  // bare IP packets, no header of ours
  std::strncpy(ifr.ifr_name, name.c_str(), IFNAMSIZ - 1);
  if (ioctl(fd, TUNSETIFF, &ifr) < 0) fail(name + ": TUNSETIFF: " + std::strerror(errno));
  return fd;
}

int open_packet_socket() {
  const int fd =
      socket(AF_PACKET, SOCK_DGRAM | SOCK_CLOEXEC, 0);  // protocol 0: send only, receive nothing
  if (fd < 0) fail("packet socket: " + std::string(std::strerror(errno)));
  return fd;
}

sockaddr_ll destination(const WireOptions& o) {
  sockaddr_ll to{};
  to.sll_family = AF_PACKET;
  to.sll_ifindex = static_cast<int>(if_nametoindex(o.out.c_str()));
  if (to.sll_ifindex == 0) fail(o.out + ": " + std::strerror(errno));
  to.sll_halen = 6;
  std::memcpy(to.sll_addr, o.peer_mac, 6);
  return to;
}

// Less jitter on a loaded machine; not fatal where real-time scheduling is not allowed.
void ask_for_real_time() {
  sched_param p{};
  p.sched_priority = 10;
  if (sched_setscheduler(0, SCHED_FIFO, &p) != 0)
    std::fprintf(stderr,
                 "redist-delay-wire: SCHED_FIFO refused (%s): running with normal priority\n",
                 std::strerror(errno));
}

class DelayWire {
 public:
  // The way out is checked before the TUN is attached, so a bad --out creates nothing.
  explicit DelayWire(const WireOptions& o)
      : options_(o), out_(open_packet_socket()), to_(destination(o)), tun_(open_tun(o.tun)) {}

  [[noreturn]] void run() {
    std::printf("ready\n");
    std::fflush(stdout);
    for (;;) {
      wait_for_input_or_due();
      read_arrivals();
      send_due();
    }
  }

 private:
  void wait_for_input_or_due() {
    pollfd p{tun_, POLLIN, 0};
    timespec timeout{};
    timespec* limit = nullptr;
    if (!held_.empty()) {
      const auto left = std::max(Clock::duration::zero(), held_.front().due - Clock::now());
      const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(left).count();
      timeout.tv_sec = static_cast<time_t>(ns / 1000000000);
      timeout.tv_nsec = static_cast<long>(ns % 1000000000);
      limit = &timeout;
    }
    if (ppoll(&p, 1, limit, nullptr) < 0 && errno != EINTR)
      fail("ppoll: " + std::string(std::strerror(errno)));
  }

  void read_arrivals() {
    unsigned char buffer[65536];
    for (;;) {
      const ssize_t n = read(tun_, buffer, sizeof buffer);
      if (n < 0) {
        if (errno == EAGAIN || errno == EINTR) return;
        fail(options_.tun + ": read: " + std::strerror(errno));
      }
      if (n == 0) return;
      const auto size = static_cast<std::size_t>(n);
      if (queued_bytes_ + size > options_.max_queue_bytes) continue;  // a full queue drops
      queued_bytes_ += size;
      held_.push_back(
          {departure(size) + options_.delay, std::vector<unsigned char>(buffer, buffer + n)});
    }
  }

  // When the packet's last bit leaves: serialised at the rate after the packets before it (the
  // link is busy until link_free_), or at once without a rate.
  Clock::time_point departure(std::size_t ip_bytes) {
    const auto now = Clock::now();
    if (options_.rate_bits_per_second <= 0) return now;
    constexpr double kEthernetHeader = 14;  // the frame the veth would carry, as tbf counts it
    const auto on_wire = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(
        (static_cast<double>(ip_bytes) + kEthernetHeader) * 8 / options_.rate_bits_per_second));
    link_free_ = std::max(link_free_, now) + on_wire;
    return link_free_;
  }

  void send_due() {
    const auto now = Clock::now();
    while (!held_.empty() && held_.front().due <= now) {
      std::vector<unsigned char>& bytes = held_.front().bytes;
      // The EtherType from the IP version: IPv4 carries the data, IPv6 only the kernel's chatter.
      to_.sll_protocol = htons((bytes[0] >> 4) == 6 ? ETH_P_IPV6 : ETH_P_IP);
      // A refused packet (qdisc full) is dropped, as a router's full queue would.
      (void)sendto(out_, bytes.data(), bytes.size(), 0, reinterpret_cast<const sockaddr*>(&to_),
                   sizeof to_);
      queued_bytes_ -= bytes.size();
      held_.pop_front();
    }
  }

  WireOptions options_;
  int out_;
  sockaddr_ll to_;
  int tun_;
  std::deque<HeldPacket> held_;
  std::size_t queued_bytes_ = 0;
  Clock::time_point link_free_{};
};

}  // namespace

int main(int argc, char** argv) {
  const WireOptions options = parse(argc, argv);
  DelayWire wire(options);
  ask_for_real_time();
  wire.run();
}
