import argparse

import numpy as np
import torch

from agent import DQNAgent
from buffer import ReplayBuffer
from env import ChainEnv


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--frames", type=int, default=600)
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--memory", type=int, default=2000)
    p.add_argument("--seed", type=int, default=3)
    args = p.parse_args()

    torch.manual_seed(args.seed)
    np.random.seed(args.seed)
    env = ChainEnv(seed=args.seed)
    memory = ReplayBuffer(env.obs_dim, args.memory, args.batch_size, seed=args.seed)
    agent = DQNAgent(env.obs_dim, env.n_actions, seed=args.seed)

    epsilon, min_eps, eps_decay = 1.0, 0.05, 1 / 400
    obs = env.reset()
    score, scores, losses = 0.0, [], []
    for frame in range(1, args.frames + 1):
        action = agent.select_action(obs, epsilon)
        next_obs, reward, done = env.step(action)
        memory.store(obs, action, reward, next_obs, done)
        obs = next_obs
        score += reward
        if done:
            scores.append(score)
            obs, score = env.reset(), 0.0
        if len(memory) >= args.batch_size:
            losses.append(agent.update_model(memory.sample_batch()))
            epsilon = max(min_eps, epsilon - eps_decay)
        if frame % 200 == 0:
            print(f"frame {frame} eps {epsilon:.2f} loss {np.mean(losses[-100:]):.4f} "
                  f"mean score(last 20) {np.mean(scores[-20:]):.2f}")


if __name__ == "__main__":
    main()
