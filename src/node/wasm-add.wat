;; Float32 row-add for scatter-add (src/node/wasm-add.ts); compiled by scripts/wasm-add.mjs into
;; src/node/wasm-add-bytes.ts. Rows are applied one after another in update order, so duplicate
;; targets add in the same order as the JavaScript kernel.
(module
  (memory (export "memory") 1)
  ;; One 4-lane group whose sum has a NaN, lane by lane with the library's `self_first` NaN
  ;; (x86's): the element's NaN quieted, else the update's, else the negative default NaN.
  ;; Wasm leaves a NaN result's bits to the host, so they are set here as integers.
  (func $nanGroup (param $d i32) (param $u i32)
    (local $k i32) (local $a i32) (local $b i32) (local $s f32)
    (loop $lane
      (local.set $a (i32.load (local.get $d)))
      (local.set $b (i32.load (local.get $u)))
      (local.set $s (f32.add (f32.reinterpret_i32 (local.get $a)) (f32.reinterpret_i32 (local.get $b))))
      (if (f32.ne (local.get $s) (local.get $s))
        (then
          (i32.store (local.get $d)
            (if (result i32) (i32.gt_u (i32.and (local.get $a) (i32.const 0x7fffffff)) (i32.const 0x7f800000))
              (then (i32.or (local.get $a) (i32.const 0x400000)))
              (else
                (if (result i32) (i32.gt_u (i32.and (local.get $b) (i32.const 0x7fffffff)) (i32.const 0x7f800000))
                  (then (i32.or (local.get $b) (i32.const 0x400000)))
                  (else (i32.const 0xffc00000)))))))
        (else (f32.store (local.get $d) (local.get $s))))
      (local.set $d (i32.add (local.get $d) (i32.const 4)))
      (local.set $u (i32.add (local.get $u) (i32.const 4)))
      (local.set $k (i32.add (local.get $k) (i32.const 1)))
      (br_if $lane (i32.lt_u (local.get $k) (i32.const 4)))))
  ;; rows(data, upd, starts, count, width): for r < count,
  ;;   data[starts[r] .. + width] += upd[r·width .. + width]
  ;; (byte addresses data, upd, starts; starts in float32 elements; width a multiple of 4).
  (func (export "rows") (param $data i32) (param $upd i32) (param $starts i32) (param $count i32) (param $w i32)
    (local $r i32) (local $d i32) (local $end i32) (local $s v128) (local $bytes i32)
    (local.set $bytes (i32.shl (local.get $w) (i32.const 2)))
    (block $done
      (br_if $done (i32.eqz (local.get $count)))
      (loop $row
        (local.set $d (i32.add (local.get $data) (i32.shl (i32.load (local.get $starts)) (i32.const 2))))
        (local.set $end (i32.add (local.get $d) (local.get $bytes)))
        (loop $group
          (local.set $s (f32x4.add (v128.load (local.get $d)) (v128.load (local.get $upd))))
          ;; A NaN lane is rare: redo its group with the bit rule.
          (if (v128.any_true (f32x4.ne (local.get $s) (local.get $s)))
            (then (call $nanGroup (local.get $d) (local.get $upd)))
            (else (v128.store (local.get $d) (local.get $s))))
          (local.set $d (i32.add (local.get $d) (i32.const 16)))
          (local.set $upd (i32.add (local.get $upd) (i32.const 16)))
          (br_if $group (i32.lt_u (local.get $d) (local.get $end))))
        (local.set $starts (i32.add (local.get $starts) (i32.const 4)))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br_if $row (i32.lt_u (local.get $r) (local.get $count))))))
)
