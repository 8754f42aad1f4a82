#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make check's CPU shares (selftests/slots.sh): never more busy holders at
# once than cores, whether the holder is a command or a function called in
# a pipeline or a background job, as check.sh calls them; every waiter gets
# in; among the waiting the largest expected time goes first; light holders
# use the half core of slack.
src=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$src/selftests/host/tap.sh"
slots=$tmp/slots
slot_poll=0.1	# the holders here take 0.3 s
. "$src/selftests/slots.sh"

# hold NAME: a slot's work; records how many held a slot as it started
hold() {
	local now
	now=$(ls "$tmp/in" | wc -l)
	echo "$1 $now" >>"$tmp/log"
	: >"$tmp/in/$1"
	sleep 0.3
	rm -f "$tmp/in/$1"
}

echo "TAP version 13"
for vms in 1 2 3; do
	rm -rf "$slots" "$tmp/in" "$tmp/log"
	mkdir -p "$tmp/in"
	for i in 1 2 3 4 5 6; do
		# as check.sh: a function, in a background job, its output piped
		in_slot 60 hold "h$i" | cat &
	done
	wait
	most=$(awk '{ if ($2 + 1 > m) m = $2 + 1 } END { print m + 0 }' "$tmp/log")
	ran=$(wc -l <"$tmp/log")
	if [ "$ran" -eq 6 ] && [ "$most" -le "$vms" ]; then
		ok "$vms slots: 6 holders ran, at most $most at once"
	else
		not_ok "$vms slots: 6 holders ran ($ran), at most $vms at once (saw $most)"
	fi
done

# one slot held; then waiters asking 10, 30 and 20 seconds: 30 goes first.
# The holder lets go once all three wait, whatever the host's load.
vms=1
rm -rf "$slots" "$tmp/in" "$tmp/log" "$tmp/go"
mkdir -p "$tmp/in"
in_slot 1 bash -c 'until [ -e "$1" ]; do sleep 0.05; done' - "$tmp/go" &
until ls "$slots/held/"* >/dev/null 2>&1; do sleep 0.05; done
for e in 10 30 20; do
	in_slot "$e" hold "e$e" &
done
until [ "$(ls "$slots/wait" | wc -l)" -eq 3 ]; do sleep 0.05; done
: >"$tmp/go"
wait
order=$(awk '{ printf "%s ", $1 }' "$tmp/log")
if [ "$order" = "e30 e20 e10 " ]; then
	ok "the waiter expected to take longest goes first"
else
	not_ok "the waiter expected to take longest goes first (order: $order)"
fi

# a slot whose holder died is free again
vms=1
rm -rf "$slots"
mkdir -p "$slots/held"
bash -c 'exit 0' &
dead=$!
wait "$dead"
echo 100 >"$slots/held/$dead"
if timeout 10 bash -c ". '$src/selftests/slots.sh'; slots='$slots' vms=1; in_slot 1 true"; then
	ok "a slot whose holder is gone is taken again"
else
	not_ok "a slot whose holder is gone is taken again"
fi
# weights: two cores hold two busy holders and one light one (a guest
# that mostly waits) at once, not a third busy one nor a light one of 60.
# The holders stay until the test has counted them (no race with the
# host's load): gated NAME holds until $tmp/go.
gated() {
	: >"$tmp/in/$1"
	until [ -e "$tmp/go" ]; do sleep 0.05; done
	rm -f "$tmp/in/$1"
}
# holding WEIGHT...: holders of these weights asked in turn; prints how
# many hold at once once the first N-1 could (then a second more), then
# lets them all go
holding() {
	local w i=0 n
	rm -rf "$slots" "$tmp/in" "$tmp/go"
	mkdir -p "$tmp/in"
	for w in "$@"; do
		i=$((i + 1))
		SLOT_WEIGHT=$w in_slot 60 gated "h$i-w$w" &
		sleep 0.1
	done
	for _ in $(seq 300); do
		[ "$(ls "$tmp/in" | wc -l)" -ge $(($# - 1)) ] && break
		sleep 0.1
	done
	sleep 1	# a holder that should wait has had ten polls to get in
	n=$(ls "$tmp/in" | wc -l)
	: >"$tmp/go"
	wait
	echo "$n"
}
vms=2 slot_poll=0.1
most=$(holding 100 100 30 100)
if [ "$most" -eq 3 ]; then
	ok "two cores: two busy holders and a light one at once, not a third busy one"
else
	not_ok "two cores: two busy holders and a light one at once, not a third busy one (saw $most)"
fi
most=$(holding 100 100 60)
if [ "$most" -eq 2 ]; then
	ok "two cores: a holder of 60, more than half a core, waits beside two busy ones"
else
	not_ok "two cores: a holder of 60, more than half a core, waits beside two busy ones (saw $most)"
fi
tap_done
