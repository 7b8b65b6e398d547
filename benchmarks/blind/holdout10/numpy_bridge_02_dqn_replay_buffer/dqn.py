import argparse
import os

import numpy as np
import torch

from rl.agent import DQNAgent
from rl.cartpole import CartPole
from rl.replay import ReplayBuffer

HERE = os.path.dirname(os.path.abspath(__file__))


def linear_schedule(start, end, duration, t):
    return end + (start - end) * max(0.0, 1 - t / duration)


def main():
    ap = argparse.ArgumentParser(description="Double DQN on a numpy cart-pole")
    ap.add_argument("--total-steps", type=int, default=2000)
    ap.add_argument("--learning-starts", type=int, default=400)
    ap.add_argument("--batch-size", type=int, default=64)
    ap.add_argument("--buffer-size", type=int, default=20000)
    ap.add_argument("--train-freq", type=int, default=4)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--save", default=os.path.join(HERE, "dqn_cartpole.pt"))
    args = ap.parse_args()

    torch.manual_seed(args.seed)
    env = CartPole(seed=args.seed)
    agent = DQNAgent(env.obs_dim, env.n_actions, seed=args.seed)
    buffer = ReplayBuffer(args.buffer_size, seed=args.seed)

    obs, ep_return, returns, losses = env.reset(), 0.0, [], []
    for t in range(args.total_steps):
        eps = linear_schedule(1.0, 0.05, 0.5 * args.total_steps, t)
        action = agent.act(obs, eps)
        next_obs, reward, terminated, truncated = env.step(action)
        buffer.push(obs, action, reward, next_obs, terminated)
        obs, ep_return = next_obs, ep_return + reward
        if terminated or truncated:
            returns.append(ep_return)
            obs, ep_return = env.reset(), 0.0
        if t >= args.learning_starts and t % args.train_freq == 0:
            losses.append(agent.learn(buffer.sample(args.batch_size)))
        if (t + 1) % 1000 == 0:
            print(f"step {t + 1}: episodes={len(returns)} mean_return(last 10)={np.mean(returns[-10:]):.1f} "
                  f"loss={np.mean(losses[-100:]) if losses else float('nan'):.4f} eps={eps:.2f}")
    agent.save(args.save)


if __name__ == "__main__":
    main()
